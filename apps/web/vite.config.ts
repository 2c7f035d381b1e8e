import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The web app. In development `/api` is proxied to the API server (port 3000); in production the
 * API server serves `dist/` itself on the same origin.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // SPEC §7: a service worker at /sw.js, registered by our own code on `load` (src/lib/service-worker.ts).
      filename: 'sw.js',
      injectRegister: null,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Pain Lab',
        short_name: 'Pain Lab',
        description: 'Chronic and emotional pain therapy clinic',
        lang: 'es',
        start_url: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // Only the built static assets and the HTML shell are precached. Nothing from /api is ever
        // cached by the service worker: patient data must not end up in browser storage.
        globPatterns: ['**/*.{js,css,svg,png,woff2,ico,html}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Translation chunks are named after their language (`locale-es-dashboard-…js`) so that no
        // chunk shares its name with a route module.
        chunkFileNames: (chunk) => {
          const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return match ? `assets/locale-${match[1]}-${match[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
