import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const BOOT = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
/** The site pages' client entry (docs/decisions/0012): server-rendered pages, hydrated with Preact. */
const SITE_CLIENT = fileURLToPath(new URL('./src/site/client.ts', import.meta.url));
/** Paths the server renders as site pages: never answered with the app shell by the service worker. */
const SITE_PAGE_PATHS = [
  /^\/login(?:[/?#]|$)/,
  // the public site (issue 10): apps/server/src/modules/site-content/site-content.pages.ts
  /^\/(?:index)?(?:[?#]|$)/,
  /^\/(?:servicios\/(?:terapia-dolor-cronico|talleres-manejo-estres)|cerodolor|blog|especialistas|testimonios|contacto)(?:[?#]|$)/,
  /^\/(?:blog|especialistas)\/[^/?#]+(?:[?#]|$)/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  // workshops (modules/workshops/workshops.pages.ts)
  /^\/(?:taller|taller-USA|taller\/(?:inscripcion|anular|confirmar))(?:[?#]|$)/,
];

/**
 * `src/boot.ts` is a second entry (see `build.rolldownOptions.input`): this puts it in the page as
 * an `async` module script, so the start-up translations are requested beside the app's entry, not
 * after it has run (issue 8). In development the entry loads them itself.
 */
function bootScript(): Plugin {
  return {
    name: 'painlab:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId === BOOT,
        );
        if (!boot) throw new Error('boot chunk missing');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** The signed-in area's layout route: its static graph is the shell every signed-in screen loads. */
const APP_LAYOUT = fileURLToPath(new URL('./src/app/routes/app/app-layout.tsx', import.meta.url));
const APP_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/** The screen every sign-in lands on (SPEC §2). */
const DASHBOARD = fileURLToPath(new URL('./src/app/routes/app/dashboard.tsx', import.meta.url));

/**
 * Chunks by what is loaded together (issue 8). Left to itself, Rolldown gives every module the
 * chunk of the set of entries and lazy routes that reach it: the signed-in first load was 57 files,
 * most under 1 KB, each compressed on its own (16 KB more than the same bytes in one file). After
 * the module graph is known (`buildEnd`), this fills two groups:
 * - `app`: the app entry's static graph (React, the router, i18next, TanStack Query, the router
 *   table), which every page of the app loads before anything else;
 * - `shell`: what the signed-in layout adds to it (sidebar, guard, bell, icons), which every
 *   signed-in screen loads.
 * Modules the site pages (`src/site/client.ts`) or the boot script also reach are left out of both,
 * so that /login and the public site never load either group. Screens keep their own chunks.
 */
function shellChunks() {
  const app = new Set<string>();
  const shell = new Set<string>();
  const landing = new Set<string>();
  const plugin: Plugin = {
    name: 'painlab:shell-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (root: string, lazyToo = false) => {
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          stack.push(...(info?.importedIds ?? []));
          if (lazyToo) stack.push(...(info?.dynamicallyImportedIds ?? []));
        }
        return seen;
      };
      // everything the site pages and the boot script may ever load, their islands included
      const elsewhere = new Set([...closure(SITE_CLIENT, true), ...closure(BOOT, true)]);
      const entry = closure(APP_ENTRY);
      if (entry.size < 2 || !this.getModuleInfo(APP_LAYOUT) || !this.getModuleInfo(DASHBOARD))
        throw new Error('shell-chunks: graph not found');
      for (const id of entry) if (!elsewhere.has(id)) app.add(id);
      for (const id of closure(APP_LAYOUT)) if (!entry.has(id) && !elsewhere.has(id)) shell.add(id);
      for (const id of closure(DASHBOARD))
        if (!entry.has(id) && !shell.has(id) && !elsewhere.has(id)) landing.add(id);
    },
  };
  const groups = [
    {
      name: 'app',
      test: (id: string) => app.has(id),
      priority: 2,
      includeDependenciesRecursively: false,
    },
    {
      name: 'shell',
      test: (id: string) => shell.has(id),
      priority: 1,
      includeDependenciesRecursively: false,
    },
    {
      name: 'dashboard',
      test: (id: string) => landing.has(id),
      priority: 0,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}
const SHELL_CHUNKS = shellChunks();

/** Keeps in the precache only index.html and the files it links (read from the built index.html). */
const precacheShellOnly = <T extends { url: string }>(entries: T[]) => {
  const html = fs.readFileSync(new URL('./dist/index.html', import.meta.url), 'utf8');
  const linked = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  return { manifest: entries.filter((e) => e.url === 'index.html' || linked.has(e.url)) };
};

/**
 * The web app. In development `/api` is proxied to the API server (port 3000); in production the
 * API server serves `dist/` itself on the same origin.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    bootScript(),
    SHELL_CHUNKS.plugin,
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
        // Precache the public shell only: index.html and the files it links (the entry script, its
        // preloads, the CSS), plus the icon and the manifest (added by the plugin). Those are what
        // any first visit has just loaded, so installing the worker fetches nothing new (hashed files
        // come from the HTTP cache). No lazy chunk — signed-in screens, translations — is precached;
        // they are cached at run time when a page actually loads them. Nothing from /api is ever
        // cached by the service worker: patient data must not end up in browser storage.
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        manifestTransforms: [precacheShellOnly],
        navigateFallback: '/index.html',
        // "/" is a site page (the server's home page), not the precached index.html: no directory
        // index for the precache (workbox skips it when this is empty)
        directoryIndex: '',
        navigateFallbackDenylist: [/^\/api\//, ...SITE_PAGE_PATHS],
        runtimeCaching: [
          {
            // hashed, immutable build files the page loaded (same origin only; never /api)
            urlPattern: /\/assets\/[^/?]+-[\w-]{6,}\.(?:js|css|svg|png|woff2)$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'painlab-assets',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    // The site pages (/login) are rendered by the API server from the built site bundle, with the
    // built assets they link (README, "Development").
    proxy: {
      '/api': 'http://localhost:3000',
      '^/login(?:[/?#]|$)': 'http://localhost:3000',
      ...Object.fromEntries(
        SITE_PAGE_PATHS.slice(1).map((re) => [re.source, 'http://localhost:3000']),
      ),
      '/assets/': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route module pulls in (e2e/pwa.spec.ts, bench)
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: BOOT,
        site: SITE_CLIENT,
      },
      output: {
        codeSplitting: { groups: SHELL_CHUNKS.groups },
        // Translation chunks are named after their language (`locale-es-dashboard-…js`, the start-up
        // namespaces `locale-es-start-…js`) so that no chunk shares its name with a route module.
        chunkFileNames: (chunk) => {
          const id = chunk.facadeModuleId ?? '';
          const match =
            /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id) ??
            /\/locales-start\/(\w+)()\.ts$/.exec(id);
          if (!match) return 'assets/[name]-[hash].js';
          return `assets/locale-${match[1]}-${match[2] || 'start'}-[hash].js`;
        },
      },
    },
  },
});
