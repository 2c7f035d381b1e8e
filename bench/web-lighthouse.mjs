// Lighthouse on /login for `npm run bench -- web` (bench/web-nav.mjs calls it): Lighthouse's default
// mobile preset (simulated slow 4G, 4× CPU), performance only, on Debian's Chromium (never
// downloaded), medians of BENCH_LIGHTHOUSE_RUNS (3). Beside it, the same page saved as static HTML:
// the HTML /login answered (English, signed out) and the files it links, served from memory with
// their brotli forms by a bare node:http server, measured in the same run (issue 8: LCP ≤ 2× that).
//
// Lighthouse is not a dependency of the project (200 packages): install it once outside the
// repository and name the folder, e.g.
//   mkdir -p /tmp/lh && npm install --prefix /tmp/lh --save-exact lighthouse@12.8.2
//   BENCH_LIGHTHOUSE_DIR=/tmp/lh npm run bench -- web
// Without BENCH_LIGHTHOUSE_DIR (or `lighthouse` resolvable from the repository) the part is skipped.
// `loadLighthouse` and `staticCopy` (any set of pages) are shared with bench/site-lighthouse.mjs.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/** Lighthouse and chrome-launcher from BENCH_LIGHTHOUSE_DIR (or the repository); null if absent. */
export async function loadLighthouse() {
  const from = process.env.BENCH_LIGHTHOUSE_DIR
    ? path.join(path.resolve(process.env.BENCH_LIGHTHOUSE_DIR), 'package.json')
    : import.meta.url;
  try {
    const require = createRequire(from);
    const lighthouse = await import(pathToFileURL(require.resolve('lighthouse')).href);
    const launcher = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
    return { lighthouse: lighthouse.default, launcher };
  } catch {
    return null;
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const typeOf = (url) => TYPES[path.extname(url.split('?')[0]).toLowerCase()] ?? 'text/javascript';
/** Already-compressed formats: served as they are (a static host would not brotli them). */
const COMPRESSED = /\.(png|jpe?g|webp|avif|woff2)$/i;

/** The same-origin paths a document or a stylesheet links: src, href, srcset, poster, url(). */
function linkedPaths(text) {
  const found = new Set();
  for (const [, url] of text.matchAll(/(?:src|href|poster)="(\/[^/"][^"]*)"/g)) found.add(url);
  for (const [, set] of text.matchAll(/(?:srcset|imagesrcset)="([^"]+)"/g))
    for (const part of set.split(','))
      if (part.trim().startsWith('/')) found.add(part.trim().split(/\s+/)[0]);
  for (const [, url] of text.matchAll(/url\(\s*["']?(\/[^/)"'][^)"']*)["']?\s*\)/g)) found.add(url);
  return [...found].map((u) => u.replaceAll('&amp;', '&'));
}

/** The chunks a built script imports (static and dynamic `./x.js`, Vite's `assets/x.js` deps). */
function importedPaths(url, code) {
  const dir = path.posix.dirname(url);
  const found = new Set();
  for (const [, file] of code.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g))
    found.add(path.posix.join(dir, file));
  for (const [, file] of code.matchAll(/["'`](assets\/[\w.-]+\.(?:js|css))["'`]/g))
    found.add(`/${file}`);
  return [...found];
}

/**
 * Pages as a static copy: the HTML each of `pages` answered (with `headers`), the files it links
 * from the build (`dist`) — scripts with the chunks they import, stylesheets with what they link,
 * the icon and manifest — and the images under /api/site/images/ fetched once from the running
 * server; all in memory, text files brotli-compressed (quality 11) beforehand, served by a bare
 * node:http server with nothing but Content-Type and Content-Encoding. `url(page)` is the copy's
 * address of a page; `missing` the paths a browser asked for that the copy does not hold.
 */
export async function staticCopy(
  base,
  dist,
  pages = ['/login'],
  { headers = { 'Accept-Language': 'en' } } = {},
) {
  const files = new Map();
  const queue = [];
  for (const page of pages) {
    const res = await fetch(`${base}${page}`, { headers });
    if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
    const html = await res.text();
    files.set(page, { type: 'text/html; charset=utf-8', body: Buffer.from(html) });
    queue.push(...linkedPaths(html));
  }
  while (queue.length) {
    const url = queue.shift().split('#')[0];
    const pathname = url.split('?')[0];
    if (files.has(pathname) || pages.includes(pathname)) continue;
    if (pathname.startsWith('/api/site/images/')) {
      const res = await fetch(`${base}${url}`);
      if (!res.ok) continue;
      const type = res.headers.get('content-type') ?? typeOf(pathname);
      files.set(pathname, { type, body: Buffer.from(await res.arrayBuffer()) });
      continue;
    }
    const file = path.join(dist, pathname);
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    files.set(pathname, { type: typeOf(pathname), body });
    if (pathname.endsWith('.js')) queue.push(...importedPaths(pathname, body.toString()));
    if (pathname.endsWith('.css')) queue.push(...linkedPaths(body.toString()));
  }
  for (const [url, f] of files) if (!COMPRESSED.test(url)) f.br = zlib.brotliCompressSync(f.body);
  const missing = new Set();
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    const f = files.get(pathname);
    if (!f) {
      missing.add(pathname);
      return res.writeHead(404).end();
    }
    if (!f.br) return res.writeHead(200, { 'Content-Type': f.type }).end(f.body);
    res.writeHead(200, { 'Content-Type': f.type, 'Content-Encoding': 'br' }).end(f.br);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: (page = pages[0]) => `${origin}${page}`,
    files,
    missing,
    close: () => server.close(),
  };
}

/**
 * Runs Lighthouse on `${base}/login` and on its static copy; `row(name, value, unit, budget, info)`
 * prints each figure. Returns false when Lighthouse is not available.
 */
export async function lighthouseLogin({ base, dist, chromiumPath, row }) {
  const lh = await loadLighthouse();
  if (!lh) {
    console.log(
      '  Lighthouse: not installed (set BENCH_LIGHTHOUSE_DIR; see bench/web-lighthouse.mjs) — skipped',
    );
    return false;
  }
  const copy = await staticCopy(base, dist, ['/login']);
  const chrome = await lh.launcher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=en-US'],
  });
  const measure = async (url) => {
    const runs = [];
    for (let i = 0; i <= RUNS; i++) {
      const result = await lh.lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const { lhr } = result;
      if (i === 0 || lhr.runtimeError || lhr.categories.performance.score === null) continue; // warm-up
      runs.push({
        score: lhr.categories.performance.score * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        unused: lhr.audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
      });
    }
    if (!runs.length) throw new Error(`Lighthouse gave no result for ${url}`);
    return {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      unused: median(runs.map((r) => r.unused)),
      n: runs.length,
    };
  };
  try {
    const page = await measure(`${base}/login`);
    const still = await measure(copy.url('/login'));
    console.log(`\nLighthouse on /login (mobile preset, medians of ${page.n})\n`);
    row('Lighthouse performance  /login', page.score, '', undefined, `static copy ${still.score}`);
    // the budget is a floor (≥ 95): checked as the points short of 100
    row('  points short of 100 (performance ≥ 95)', 100 - page.score, 'pt', 5);
    row(
      '  LCP /login',
      Math.round(page.lcp),
      'ms',
      undefined,
      `static copy ${Math.round(still.lcp)} ms`,
    );
    row('  LCP ÷ static copy', Number((page.lcp / still.lcp).toFixed(2)), '×', 2);
    row('  Lighthouse "unused JavaScript"', Number((page.unused / 1024).toFixed(1)), 'KB', 20);
  } finally {
    await chrome.kill();
    copy.close();
  }
  return true;
}
