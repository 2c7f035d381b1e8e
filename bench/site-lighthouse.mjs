#!/usr/bin/env node
// `npm run bench -- site` (issue 10, "Fast and findable"): Lighthouse 12 on the public site's pages
// as the real server renders them (production mode, PGlite in a temporary folder, the demo data),
// with the default mobile preset (simulated slow 4G, 4× CPU), categories performance,
// accessibility, best-practices and SEO, on Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium; never downloaded). Beside each page, the same page saved as a static copy
// (bench/web-lighthouse.mjs `staticCopy`: its HTML and the files it links, brotli, from memory on a
// bare node:http server), performance only, in the same run: the runs alternate page, copy, page,
// copy… Medians of BENCH_LIGHTHOUSE_RUNS (3) after one discarded warm-up round.
//
// Budgets per page: each category score 100; LCP (simulated) ≤ 1500 ms; initial JavaScript ≤ 60 KB
// brotli — the script requests of Lighthouse's own page load (its `network-requests` audit,
// same-origin, resource type Script), each body brotli-compressed here at quality 11 (as the build's
// `.br` files) and summed; the bytes Lighthouse saw on the wire (`transferSize`) are printed beside
// it; LCP ÷ the static copy's LCP ≤ 1.25. A category under 100 in any run lists its failing audits
// (those with a weight in the category; for performance also opportunities scoring under 0.9), with
// the elements or resources Lighthouse names.
//
// Lighthouse is not a dependency of the project: install it once outside the repository,
//   mkdir -p /tmp/lh && npm install --prefix /tmp/lh --save-exact lighthouse@12.8.2
//   BENCH_LIGHTHOUSE_DIR=/tmp/lh npm run bench -- site
// Without it the suite is skipped. `npm run build` first (skipped with BENCH_NO_BUILD=1);
// BENCH_WEB_DIST=<folder> serves another build; BENCH_SITE_PAGES=/,/taller (comma-separated) picks
// the pages. Exit code 1 if a budget is missed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { root, startApp } from './lib.mjs';
import { loadLighthouse, median, RUNS, staticCopy } from './web-lighthouse.mjs';

const PAGES = (
  process.env.BENCH_SITE_PAGES ??
  '/,/blog/que-es-el-dolor-cronico,/taller,/especialistas/sofia-herrera'
).split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BUDGETS = { score: 100, lcp: 1500, js: 60, lcpRatio: 1.25 }; // score: min; the rest: max
// Chromium runs with --lang=en-US and sends this; the static copy is fetched with the same.
const ACCEPT_LANGUAGE = 'en-US,en;q=0.9';

const results = [];
/** One figure beside its budget: `{ min }` or `{ max }`, or none (information). */
function row(name, value, unit, budget, info = '') {
  const ok = budget === undefined || ('min' in budget ? value >= budget.min : value <= budget.max);
  results.push(ok);
  const limit =
    budget === undefined
      ? '(information)'
      : `${'min' in budget ? `≥ ${budget.min}` : `≤ ${budget.max}`} ${unit} ${ok ? 'ok' : 'MISSED'}`;
  const shown = value.toFixed(unit === 'KB' ? 1 : unit === '×' ? 2 : 0);
  console.log(
    `${name.padEnd(40)} ${shown.padStart(7)} ${unit.padEnd(3)} ${limit}${info ? `  ${info}` : ''}`,
  );
}

const oneLine = (text, n = 220) => {
  const s = String(text).replace(/\s+/g, ' ').trim();
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

/** What a Lighthouse details item names: the element (selector, snippet, why) or the resource. */
function describeItem(item) {
  const parts = [];
  const node = item.node ?? (item.type === 'node' ? item : null);
  if (node) {
    parts.push(node.selector, node.snippet);
    if (node.explanation) parts.push(node.explanation);
  }
  for (const key of ['url', 'source', 'description', 'issueType', 'label', 'reason', 'value']) {
    const v = item[key];
    if (typeof v === 'string' && v) parts.push(key === 'url' || key === 'source' ? v : oneLine(v));
    else if (v && typeof v === 'object' && typeof v.value === 'string') parts.push(v.value);
  }
  if (item.sourceLocation?.url)
    parts.push(`${item.sourceLocation.url}:${(item.sourceLocation.line ?? 0) + 1}`);
  for (const sub of item.subItems?.items?.slice(0, 3) ?? [])
    parts.push(
      oneLine(
        sub.url ?? sub.node?.snippet ?? sub.relatedNode?.snippet ?? sub.text ?? JSON.stringify(sub),
        160,
      ),
    );
  return oneLine(parts.filter(Boolean).join(' | '), 400);
}

/** The items of a details object (lists of tables flattened), described, at most `n`. */
function describeDetails(details, n = 5) {
  if (!details) return [];
  const items =
    details.type === 'list'
      ? details.items.flatMap((d) => d.items ?? [])
      : details.type === 'criticalrequestchain'
        ? []
        : (details.items ?? []);
  const lines = items.slice(0, n).map(describeItem).filter(Boolean);
  if (items.length > n) lines.push(`… and ${items.length - n} more`);
  return lines;
}

/** The audits that cost points in each category under 100 in this run. */
function failingAudits(lhr) {
  const out = [];
  for (const category of Object.values(lhr.categories)) {
    if (category.score === null || category.score >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      const opportunity =
        category.id === 'performance' && audit.details?.type === 'opportunity' && audit.score < 0.9;
      if (!(ref.weight > 0) && !opportunity) continue;
      out.push({
        key: `${category.id}: ${audit.id}`,
        weight: ref.weight,
        score: audit.score,
        title: audit.title,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        items: describeDetails(audit.details),
      });
    }
  }
  return out;
}

/** The LCP element as Lighthouse names it. */
function lcpElement(lhr) {
  const item = describeDetails(lhr.audits['largest-contentful-paint-element']?.details, 1)[0];
  return item ? oneLine(item, 140) : 'unknown';
}

/** A Lighthouse run, tried up to three times (NO_NAVSTART and the like); null when all failed. */
async function lighthouseRun(lh, port, url, categories) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { lhr } = await lh.lighthouse(url, {
      port,
      onlyCategories: categories,
      output: 'json',
      logLevel: 'error',
    });
    const missing = categories.filter((c) => lhr.categories[c]?.score == null);
    if (!lhr.runtimeError && !missing.length) return lhr;
    console.log(
      `  (run on ${url} gave no score: ${lhr.runtimeError?.code ?? missing.join(', ')}; attempt ${attempt} of 3)`,
    );
  }
  return null;
}

export async function siteLighthouseBench({ build = !process.env.BENCH_NO_BUILD } = {}) {
  const lh = await loadLighthouse();
  if (!lh) {
    console.log(
      '\nsite: Lighthouse not installed (set BENCH_LIGHTHOUSE_DIR; see bench/site-lighthouse.mjs) — skipped',
    );
    return true;
  }
  if (build) {
    const done = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (done.status !== 0) throw new Error('npm run build failed');
  }
  const dist = process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('No built web app: run `npm run build` first.');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-bench-site-'));
  const app = await startApp({ dataDir, extraEnv: { WEB_DIST: dist } });
  let copy;
  let chrome;
  try {
    copy = await staticCopy(app.url, dist, PAGES, {
      headers: { 'Accept-Language': ACCEPT_LANGUAGE },
    });
    chrome = await lh.launcher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=en-US'],
    });

    // the brotli size (quality 11) of a script, from the build or, failing that, the server
    const brotliSizes = new Map();
    const brotliOf = async (url) => {
      const { pathname } = new URL(url);
      if (!brotliSizes.has(pathname)) {
        const file = path.join(dist, pathname);
        const body = fs.existsSync(file)
          ? fs.readFileSync(file)
          : Buffer.from(await (await fetch(url)).arrayBuffer());
        const br = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
        brotliSizes.set(pathname, br);
      }
      return brotliSizes.get(pathname);
    };
    const initialJs = async (lhr) => {
      const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
        (r) =>
          r.resourceType === 'Script' &&
          r.url.startsWith(`${app.url}/`) &&
          (r.sessionTargetType ?? 'page') === 'page',
      );
      let br = 0;
      let transfer = 0;
      const files = [];
      for (const r of scripts) {
        const size = await brotliOf(r.url);
        br += size;
        transfer += r.transferSize ?? 0;
        files.push(`${path.basename(new URL(r.url).pathname)} ${(size / 1024).toFixed(1)} KB`);
      }
      return { br, transfer, count: scripts.length, files };
    };

    const measured = new Map(PAGES.map((p) => [p, { page: [], still: [] }]));
    let version = '';
    const started = Date.now();
    // round 0 is a warm-up (the server's first renders, Chromium's caches): discarded
    for (let round = 0; round <= RUNS; round++) {
      for (const page of PAGES) {
        const m = measured.get(page);
        const lhr = await lighthouseRun(lh, chrome.port, `${app.url}${page}`, CATEGORIES);
        const still = await lighthouseRun(lh, chrome.port, copy.url(page), ['performance']);
        version = lhr?.lighthouseVersion ?? version;
        if (round === 0) continue;
        if (lhr) {
          m.page.push({
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]),
            ),
            lcp: lhr.audits['largest-contentful-paint'].numericValue,
            lcpElement: lcpElement(lhr),
            ttfb: lhr.audits['server-response-time']?.numericValue ?? NaN,
            js: await initialJs(lhr),
            failing: failingAudits(lhr),
          });
        }
        if (still) {
          m.still.push({
            score: Math.round(still.categories.performance.score * 100),
            lcp: still.audits['largest-contentful-paint'].numericValue,
            lcpElement: lcpElement(still),
            ttfb: still.audits['server-response-time']?.numericValue ?? NaN,
          });
        }
      }
    }

    console.log(
      `\nsite: Lighthouse ${version} mobile preset (simulated slow 4G, 4× CPU) on the public pages and their static copies, medians of ${RUNS} (${Math.round((Date.now() - started) / 1000)} s, load average ${os.loadavg()[0].toFixed(1)})`,
    );
    const table = [];
    for (const page of PAGES) {
      const { page: runs, still } = measured.get(page);
      console.log(`\n${page}`);
      if (!runs.length || !still.length) {
        row('  no Lighthouse result', 1, '', { max: 0 });
        continue;
      }
      const scores = {};
      for (const c of CATEGORIES) {
        const values = runs.map((r) => r.scores[c]);
        scores[c] = median(values);
        row(`  ${c}`, scores[c], '', { min: BUDGETS.score }, `runs ${values.join(', ')}`);
      }
      const lcp = median(runs.map((r) => r.lcp));
      const stillLcp = median(still.map((r) => r.lcp));
      row(
        '  LCP (simulated)',
        Math.round(lcp),
        'ms',
        { max: BUDGETS.lcp },
        `runs ${runs.map((r) => Math.round(r.lcp)).join(', ')}; element ${runs.at(-1).lcpElement}`,
      );
      const js = median(runs.map((r) => r.js.br)) / 1024;
      const last = runs.at(-1).js;
      row(
        '  initial JS, brotli (quality 11)',
        js,
        'KB',
        { max: BUDGETS.js },
        `${last.count} scripts, ${(median(runs.map((r) => r.js.transfer)) / 1024).toFixed(1)} KB on the wire`,
      );
      if (process.env.BENCH_VERBOSE) for (const f of last.files) console.log(`      ${f}`);
      const ratio = lcp / stillLcp;
      row(
        '  LCP ÷ static copy',
        ratio,
        '×',
        { max: BUDGETS.lcpRatio },
        `static copy LCP ${Math.round(stillLcp)} ms (runs ${still.map((r) => Math.round(r.lcp)).join(', ')}), performance ${median(still.map((r) => r.score))}; document response (observed) ${Math.round(median(runs.map((r) => r.ttfb)))} ms, copy ${Math.round(median(still.map((r) => r.ttfb)))} ms; ${still.at(-1).lcpElement === runs.at(-1).lcpElement ? 'same LCP element' : `copy's LCP element ${still.at(-1).lcpElement}`}`,
      );
      // failing audits over the runs: how often, and what the last failing run named
      const failing = new Map();
      for (const r of runs)
        for (const f of r.failing)
          failing.set(f.key, { ...f, runs: (failing.get(f.key)?.runs ?? 0) + 1 });
      if (failing.size) {
        console.log('  audits costing points (category: audit, in how many runs):');
        for (const f of failing.values()) {
          console.log(
            `    ${f.key} — ${f.runs}/${runs.length} runs, weight ${f.weight}, score ${f.score}${f.displayValue ? `, ${oneLine(f.displayValue, 80)}` : ''}: ${f.title}`,
          );
          if (f.explanation) console.log(`      ${oneLine(f.explanation, 300)}`);
          for (const item of f.items) console.log(`      - ${item}`);
        }
        // the canonical and hreflang audits name no element: the page's links, as it answered them
        if ([...failing.keys()].some((k) => /^seo: (canonical|hreflang)$/.test(k))) {
          const html = copy.files.get(page)?.body.toString() ?? '';
          console.log(`    the page's links (GET ${page}, Accept-Language: ${ACCEPT_LANGUAGE}):`);
          for (const [tag] of html.matchAll(/<link\b[^>]*\brel="(?:canonical|alternate)"[^>]*>/g))
            console.log(`      ${tag}`);
        }
      }
      table.push({ page, scores, lcp, js, ratio });
    }
    if (copy.missing.size)
      console.log(
        `\n  (the static copy had no file for: ${[...copy.missing].join(', ')} — answered 404)`,
      );
    console.log(
      '\npage                              perf  a11y  b-p  seo   LCP ms  JS KB br  LCP ÷ static',
    );
    for (const t of table)
      console.log(
        `${t.page.padEnd(32)} ${CATEGORIES.map((c) => String(t.scores[c]).padStart(5)).join('')} ${String(Math.round(t.lcp)).padStart(8)} ${t.js.toFixed(1).padStart(9)} ${t.ratio.toFixed(2).padStart(13)}`,
      );
  } finally {
    await chrome?.kill();
    copy?.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results.every(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await siteLighthouseBench();
  if (!ok) process.exitCode = 1;
}
