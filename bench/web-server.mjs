#!/usr/bin/env node
// `npm run bench -- web` (server part): how the real server serves the built web app.
//
// 1. Throughput of `GET /` (Accept-Encoding: br, gzip) through the real server (production mode,
//    a fresh PGlite folder) beside a bare node:http server answering the same URL with the same
//    brotli bytes from memory (the home page as the real server answered it first: a site page,
//    rendered from the database, then kept for SITE_PAGE_CACHE_MS), in the same run: interleaved
//    rounds, the median of the rounds' ratios. Budget: full ÷ bare ≥ 0.5.
// 2. Header checks on the same server: brotli / gzip / identity by Accept-Encoding with
//    `Vary: Accept-Encoding`, ETag and 304 on the HTML, `immutable` only on hashed assets.
// 3. First-load JavaScript per route, brotli bytes: the scripts a first visit to /, /login and
//    (signed in) /dashboard actually loads, recorded in Chromium, each counted at its brotli size in
//    the build (the `.br` file beside it, or compressed here when the build has none).
//
// Needs a built web app (`npm run build`). Exit code 1 if the throughput budget or a header check
// fails. Options: BENCH_SECONDS (5), BENCH_WEB_ROUNDS (5), BENCH_WEB_FIRST_LOAD=0 (skip part 3),
// CHROMIUM_PATH (/usr/bin/chromium).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, freePort, here, root, SECRET, waitFor } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
const CONNECTIONS = 10;
const BUDGET = 0.5;
const DEMO_PASSWORD = BENCH_PASSWORD;

const load = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            rps: r.requests.average,
            total: r.requests.total,
            p99: r.latency.p99,
            bytesPerReq: r.requests.total ? r.throughput.total / r.requests.total : 0,
            non2xx: r.non2xx,
            errors: r.errors,
          }),
    ),
  );

/** CPU time (user + system) of a process so far, in µs, from /proc (Linux; null elsewhere). */
function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime: ticks of 1/100 s
  } catch {
    return null;
  }
}

/** A load run with the CPU the serving process spent per response (µs). */
async function measure(url, headers, pid) {
  const before = cpuMicros(pid);
  const r = await load(url, headers);
  const after = cpuMicros(pid);
  const total = r.total;
  return {
    ...r,
    cpuPerReq: before === null || after === null || !total ? null : (after - before) / total,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The brotli size of a built file: its `.br` sibling, or compressed here as a build would. */
function brotliSize(file) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/** A bare node:http server: every request answers `body` (brotli HTML) from memory. */
function startBare(port, body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      'Cache-Control': 'no-cache',
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A GET whose body is kept as sent (not decompressed). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function headerChecks(base) {
  const checks = [];
  const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
  const get = (p, headers = {}) => fetch(base + p, { headers, redirect: 'manual' });
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];

  // undici's fetch decodes brotli and gzip itself: the headers tell what was sent
  const br = await get('/dashboard', { 'accept-encoding': 'br, gzip' });
  check(
    'GET /dashboard br',
    br.headers.get('content-encoding') === 'br',
    br.headers.get('content-encoding') ?? 'none',
  );
  check(
    'GET /dashboard Vary',
    /accept-encoding/i.test(br.headers.get('vary') ?? ''),
    br.headers.get('vary') ?? 'none',
  );
  check(
    'GET /dashboard no-cache',
    br.headers.get('cache-control') === 'no-cache',
    br.headers.get('cache-control') ?? 'none',
  );
  const gz = await get('/dashboard', { 'accept-encoding': 'gzip' });
  check(
    'GET /dashboard gzip',
    gz.headers.get('content-encoding') === 'gzip',
    gz.headers.get('content-encoding') ?? 'none',
  );
  const plain = await get('/dashboard', { 'accept-encoding': 'identity' });
  check(
    'GET /dashboard identity',
    !plain.headers.get('content-encoding') && (await plain.text()) === html,
  );
  const etag = br.headers.get('etag');
  check('GET /dashboard ETag', etag, etag ?? 'none');
  if (etag) {
    const again = await get('/dashboard', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    check('GET /dashboard If-None-Match → 304', again.status === 304, String(again.status));
  }
  // the home page: a site page rendered by the server, then kept in memory for a few seconds
  for (const round of ['rendered', 'kept']) {
    const home = await get('/', { 'accept-encoding': 'br, gzip' });
    check(
      `GET / (${round}) br`,
      home.headers.get('content-encoding') === 'br',
      home.headers.get('content-encoding') ?? 'none',
    );
    const tag = home.headers.get('etag');
    const again = tag && (await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': tag }));
    check(`GET / (${round}) If-None-Match → 304`, again?.status === 304, String(again?.status));
  }
  if (asset) {
    const a = await get(asset, { 'accept-encoding': 'br, gzip' });
    check(
      `${asset} br`,
      a.headers.get('content-encoding') === 'br',
      a.headers.get('content-encoding') ?? 'none',
    );
    check(
      `${asset} immutable`,
      a.headers.get('cache-control') === 'public, max-age=31536000, immutable',
      a.headers.get('cache-control') ?? 'none',
    );
  }
  const sw = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
  check(
    '/sw.js not immutable',
    !/immutable/.test(sw.headers.get('cache-control') ?? ''),
    sw.headers.get('cache-control') ?? 'none',
  );
  const api = await get('/api/health', { 'accept-encoding': 'br, gzip' });
  check(
    '/api/health no-store',
    api.headers.get('cache-control') === 'no-store',
    api.headers.get('cache-control') ?? 'none',
  );
  return checks;
}

/** The scripts a first visit loads, per route, recorded in Chromium (service worker blocked). */
async function firstLoad(base) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows = [];
  try {
    for (const [route, signedIn] of [
      ['/', false],
      ['/login', false],
      ['/dashboard', true],
    ]) {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
      if (signedIn) {
        const r = await context.request.post(`${base}/api/auth/sign-in/email`, {
          headers: { origin: base },
          data: { email: 'specialist@demo.painlab.test', password: DEMO_PASSWORD },
        });
        if (!r.ok()) throw new Error(`sign-in failed: ${r.status()}`);
      }
      const page = await context.newPage();
      const scripts = new Set();
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin === base && u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
      await page.goto(base + route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      let br = 0;
      let raw = 0;
      for (const p of scripts) {
        const file = path.join(dist, p);
        if (!fs.existsSync(file)) continue;
        raw += fs.statSync(file).size;
        br += brotliSize(file);
      }
      rows.push({ route, scripts: scripts.size, raw, br });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export async function webServerBench() {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error('No built web app: run `npm run build` first.');
  const appPort = await freePort();
  const barePort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-bench-web-'));
  const app = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${appPort}`,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        WEB_DIST: dist,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '1000',
        SEED_DEMO: 'true',
        DEMO_PASSWORD,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: SECRET,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${appPort}`;
  const homeFile = path.join(dataDir, 'home.html.br');
  let bare;
  let ok = true;
  try {
    await waitFor(`${base}/api/health`, 180_000);
    // the bytes the real server answers for `GET /` (brotli, undecoded)
    const home = await rawGet(`${base}/`, { 'accept-encoding': 'br' });
    if (home.status !== 200 || home.encoding !== 'br')
      throw new Error(`GET / answered ${home.status}`);
    fs.writeFileSync(homeFile, home.body);
    // its own process, like the server: in this one it would share the event loop with autocannon
    bare = spawn(
      process.execPath,
      [path.join(here, 'web-server.mjs'), '--bare', String(barePort), homeFile],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    await waitFor(`http://127.0.0.1:${barePort}/`, 180_000);
    const headers = { 'accept-encoding': 'br, gzip' };
    await load(`${base}/`, headers); // warm-up (discarded)
    await load(`http://127.0.0.1:${barePort}/`, headers);
    const full = [];
    const plain = [];
    for (let i = 0; i < ROUNDS; i++) {
      full.push(await measure(`${base}/`, headers, app.pid));
      plain.push(await measure(`http://127.0.0.1:${barePort}/`, headers, bare.pid));
    }
    const ratios = full.map((f, i) => f.rps / plain[i].rps);
    const fullRps = median(full.map((r) => r.rps));
    const bareRps = median(plain.map((r) => r.rps));
    // the median of the rounds' own ratios: this box's speed drifts within a minute
    const ratio = median(ratios);
    const errors = [...full, ...plain].some((r) => r.non2xx || r.errors);
    const pass = ratio >= BUDGET && !errors;
    if (!pass) ok = false;
    // information: on a busy box the throughput rounds scatter; CPU per response does much less
    const cpuRatio =
      full[0].cpuPerReq === null
        ? null
        : median(plain.map((r) => r.cpuPerReq)) / median(full.map((r) => r.cpuPerReq));
    console.log(
      `\nweb: GET / (Accept-Encoding: br, gzip), ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s interleaved (loopback)\n`,
    );
    const cpu = (rs) =>
      rs[0].cpuPerReq === null
        ? 'n/a'
        : `${median(rs.map((r) => r.cpuPerReq)).toFixed(0)} µs CPU/response`;
    console.log(
      `  full stack  ${fullRps.toFixed(0).padStart(7)} req/s  ${cpu(full)}  ${median(full.map((r) => r.bytesPerReq)).toFixed(0)} B/response`,
    );
    console.log(
      `  bare http   ${bareRps.toFixed(0).padStart(7)} req/s  ${cpu(plain)}  ${median(plain.map((r) => r.bytesPerReq)).toFixed(0)} B/response (the home page: ${zlib.brotliDecompressSync(fs.readFileSync(homeFile)).length} B, brotli ${fs.statSync(homeFile).size} B)`,
    );
    console.log(
      `  full ÷ bare ${ratio.toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})  budget ≥ ${BUDGET} ${pass ? 'ok' : 'MISSED'}${errors ? ' (non-2xx or errors)' : ''}`,
    );
    if (cpuRatio !== null)
      console.log(`  CPU per response, bare ÷ full ${cpuRatio.toFixed(2)} (information)`);

    const checks = await headerChecks(base);
    console.log('\n  headers');
    for (const c of checks)
      console.log(`    ${c.ok ? 'ok    ' : 'FAILED'} ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
    if (!checks.every((c) => c.ok)) ok = false;

    if (process.env.BENCH_WEB_FIRST_LOAD !== '0') {
      const rows = await firstLoad(base);
      console.log(
        '\n  first-load JavaScript (scripts a first visit loads; brotli size from the build)',
      );
      for (const r of rows) {
        console.log(
          `    ${r.route.padEnd(11)} ${String(r.scripts).padStart(3)} scripts  ${(r.br / 1024).toFixed(1).padStart(6)} KB brotli  (${(r.raw / 1024).toFixed(1)} KB raw)`,
        );
      }
    }
  } finally {
    app.kill('SIGTERM');
    bare?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

if (process.argv[2] === '--bare') {
  await startBare(Number(process.argv[3]), fs.readFileSync(process.argv[4]));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await webServerBench();
  if (!ok) process.exitCode = 1;
}
