/**
 * A web build's stand-in for API tests that read public pages: the manifest the site renderer links
 * its scripts from, and the renderer's source (`WEB_SSR`), so the pages render without
 * `npm run build`. Pass `siteDist.env` to `startTestServer`; call `remove()` after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SITE_RENDERER = path.resolve(import.meta.dirname, '../../../web/src/site/render.tsx');

export const SITE_MANIFEST = {
  'index.html': {
    file: 'assets/index-AbCd1234.js',
    isEntry: true,
    css: ['assets/index-Css12345.css'],
  },
  'src/site/client.ts': {
    file: 'assets/site-Site1234.js',
    isEntry: true,
    imports: ['_preact-Pre12345.js'],
  },
  '_preact-Pre12345.js': { file: 'assets/preact-Pre12345.js' },
  'src/site/public/nav-island.ts': {
    file: 'assets/nav-Nav12345.js',
    imports: ['_preact-Pre12345.js'],
  },
  'src/site/public/contact-island.ts': {
    file: 'assets/contact-Con12345.js',
    imports: ['_preact-Pre12345.js'],
  },
};

export function fakeSiteDist(): { env: Record<string, string>; remove(): void } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-public-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(SITE_MANIFEST));
  return {
    env: { WEB_DIST: dist, WEB_SSR: SITE_RENDERER },
    remove: () => fs.rmSync(dist, { recursive: true, force: true }),
  };
}
