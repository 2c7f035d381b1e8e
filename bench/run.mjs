#!/usr/bin/env node
// `npm run bench`: the API measured beside a bare node:http + pg baseline in the same run, on the
// same PostgreSQL database (BENCH_DATABASE_URL, default the local server; a fresh database is
// created and dropped). Results are ratios of throughput, full stack ÷ baseline, checked against
// budgets. Loopback only; every load run is bounded in time.
//
// `npm run bench` runs both suites: `api` (this file: /api/health and /api/me) and `patients`
// (bench/patients.mjs: 1M generated patients on PostgreSQL and PGlite). `npm run bench -- api` or
// `npm run bench -- patients [postgres|pglite]` runs one. `npm run bench -- web`: the built web app
// as the server serves it (bench/web-server.mjs). `npm run bench -- realtime`: one event to 200 SSE
// clients over two server processes (bench/realtime.mjs). `npm run bench -- appointments`: free-slot
// search at 50,000 appointments and booking contention (bench/appointments.mjs). `npm run bench --
// site`: Lighthouse on the public site's pages beside their static copies (bench/site-lighthouse.mjs;
// needs BENCH_LIGHTHOUSE_DIR, skipped otherwise). `npm run bench -- auth`: sign-in with a password
// and with an authenticator app (bench/auth.mjs). Exit code 1 if any budget is missed.
import { fork, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD } from './lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.dirname(here);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const BUDGETS = { me: 0.3, health: 0.4 }; // minimum ratios full stack ÷ baseline

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${url}`);
}

const load = (url, headers = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            rps: r.requests.average,
            p99: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors,
          }),
    ),
  );

const suites = process.argv.slice(2);
const runApi = suites.length === 0 || suites.includes('api');
const runPatients = suites.length === 0 || suites.includes('patients');
const runWeb = suites.length === 0 || suites.includes('web');
const runRealtime = suites.length === 0 || suites.includes('realtime');
const runAppointments = suites.length === 0 || suites.includes('appointments');
const runSite = suites.length === 0 || suites.includes('site');
const runAuth = suites.length === 0 || suites.includes('auth');
const patientArgs = suites.filter((a) => a === 'postgres' || a === 'pglite');

if (runApi) await apiBench();
if (runRealtime) {
  // bench/realtime.mjs: one event to 200 SSE clients over two server processes (issue 12)
  const { realtimeBench } = await import('./realtime.mjs');
  if (!(await realtimeBench())) process.exitCode = 1;
}
if (runWeb) {
  // bench/web-server.mjs: how the server serves the built web app (needs `npm run build`)
  const { webServerBench } = await import('./web-server.mjs');
  if (!(await webServerBench())) process.exitCode = 1;
  // bench/web-nav.mjs: the web app's loading path in Chromium on a production build (issue 8)
  const navStatus = await new Promise((r) =>
    spawn(process.execPath, [path.join(here, 'web-nav.mjs')], { stdio: 'inherit' }).once('exit', r),
  );
  if (navStatus !== 0) process.exitCode = 1;
}
if (runSite) {
  // bench/site-lighthouse.mjs: Lighthouse on /, a post, /taller, a specialist, and their static
  // copies (issue 10); the web suite has just built the app when it ran
  const { siteLighthouseBench } = await import('./site-lighthouse.mjs');
  if (!(await siteLighthouseBench({ build: !runWeb && !process.env.BENCH_NO_BUILD })))
    process.exitCode = 1;
}
if (runAuth) {
  // bench/auth.mjs: password sign-in vs a bare scrypt verify, and sign-in with a TOTP code (issue 9)
  const { authBench } = await import('./auth.mjs');
  if (!(await authBench())) process.exitCode = 1;
}
if (runAppointments) {
  // bench/appointments.mjs: free-slot search at 50k appointments and booking contention (issue 11)
  const { appointmentsBench } = await import('./appointments.mjs');
  if (!(await appointmentsBench())) process.exitCode = 1;
}
if (runPatients) {
  // its own process: it loads the server's TypeScript (tsx) to open PGlite, and prints its own table
  const child = spawn(process.execPath, [path.join(here, 'patients.mjs'), ...patientArgs], {
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) process.exitCode = 1;
}

async function apiBench() {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `painlab_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();

  const appPort = await freePort();
  const basePort = await freePort();
  const app = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${appPort}`,
        DATABASE_URL: dbUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '1000',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: BENCH_PASSWORD,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let baseline;
  try {
    await waitFor(`http://127.0.0.1:${appPort}/api/health`);
    baseline = fork(path.join(here, 'baseline-server.mjs'), {
      env: { ...process.env, PORT: String(basePort), DATABASE_URL: dbUrl },
    });
    await waitFor(`http://127.0.0.1:${basePort}/health`);

    const signIn = await fetch(`http://127.0.0.1:${appPort}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${appPort}` },
      body: JSON.stringify({
        email: 'specialist@demo.painlab.test',
        password: BENCH_PASSWORD,
      }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const secure = cookie.replace('__Host-painlab.session_token', 'painlab.session_token');

    const rows = [];
    // health: what a load balancer sends (no cookie); me: a signed-in user's session + role lookup
    for (const [name, appPath, basePath, headers] of [
      ['health', '/api/health', '/health', {}],
      ['me', '/api/me', '/me', { cookie }],
    ]) {
      await load(`http://127.0.0.1:${appPort}${appPath}`, headers); // warm-up (discarded)
      const full = await load(`http://127.0.0.1:${appPort}${appPath}`, headers);
      const bare = await load(
        `http://127.0.0.1:${basePort}${basePath}`,
        name === 'me' ? { cookie: secure } : {},
      );
      const ratio = full.rps / bare.rps;
      rows.push({
        name,
        full,
        bare,
        ratio,
        ok: ratio >= BUDGETS[name] && full.non2xx === 0 && bare.non2xx === 0,
      });
    }

    console.log(`\nPostgreSQL, ${CONNECTIONS} connections, ${DURATION} s per run (loopback)\n`);
    console.log(
      'endpoint      full stack req/s (p99 ms)   baseline req/s (p99 ms)   ratio   budget',
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(12)}  ${r.full.rps.toFixed(0).padStart(8)} (${String(r.full.p99).padStart(4)})         ${r.bare.rps.toFixed(0).padStart(8)} (${String(r.bare.p99).padStart(4)})      ${r.ratio.toFixed(2)}   ≥ ${BUDGETS[r.name]} ${r.ok ? 'ok' : 'MISSED'}`,
      );
    }
    if (!rows.every((r) => r.ok)) process.exitCode = 1;
  } finally {
    app.kill('SIGTERM');
    baseline?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
