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
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

async function loadLighthouse() {
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

/** The page as a static copy: its HTML and the files it links, brotli, from memory. */
async function staticCopy(base, dist) {
  const html = await (
    await fetch(`${base}/login`, { headers: { 'Accept-Language': 'en' } })
  ).text();
  const files = new Map([
    ['/login', { type: 'text/html; charset=utf-8', body: Buffer.from(html) }],
  ]);
  for (const [, url] of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) {
    const file = path.join(dist, url);
    if (!fs.existsSync(file)) continue;
    const type = url.endsWith('.css')
      ? 'text/css'
      : url.endsWith('.svg')
        ? 'image/svg+xml'
        : url.endsWith('.webmanifest')
          ? 'application/manifest+json'
          : 'text/javascript';
    files.set(url, { type, body: fs.readFileSync(file) });
  }
  for (const f of files.values()) f.br = zlib.brotliCompressSync(f.body);
  const server = http.createServer((req, res) => {
    const f = files.get((req.url ?? '/').split('?')[0]);
    if (!f) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': f.type, 'Content-Encoding': 'br' }).end(f.br);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/login`, close: () => server.close() };
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
  const copy = await staticCopy(base, dist);
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
    const still = await measure(copy.url);
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
