import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The site pages' server renderer (docs/decisions/0012): `src/site/render.tsx` bundled for Node,
 * with Preact and the translation files inside, into `dist-ssr/site.js`. The API server loads it at
 * start (apps/server/src/http/site-pages.ts). Built after the web app (`npm run build`); the site's
 * client entry is part of the web app's own build (vite.config.ts), where its files get their hashes.
 */
export default defineConfig({
  build: {
    ssr: fileURLToPath(new URL('./src/site/render.tsx', import.meta.url)),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'site.js' } },
  },
  // one self-contained file: nothing to resolve from node_modules at run time
  ssr: { noExternal: true },
});
