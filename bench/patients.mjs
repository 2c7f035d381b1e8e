#!/usr/bin/env node
// `npm run bench -- patients` (or `node bench/patients.mjs [postgres] [pglite]`): the patients API at
// N generated patients (BENCH_PATIENTS, default 1,000,000) on PostgreSQL and on PGlite, against the
// performance requirement of issue 3:
//   a. list sort=name, page 1 vs the page after row N/2 (keyset cursor): p50 ratio ≤ 2
//   b. name search over 50 fixed terms (no accents, typos): p90 ≤ 20 ms
//   c. one patient by id through the full stack (session, permission, audit) ≥ 0.5× a bare
//      node:http + pg server doing the same indexed SELECT on the same database (PostgreSQL only;
//      the PGlite folder can be opened by one process, so there the full stack is reported alone).
// Loopback only; every loop is bounded in count and time. Exits 1 when a budget is missed.
//
// Options (environment): BENCH_PATIENTS (rows), BENCH_SECONDS (per autocannon run, default 5),
// BENCH_DB=postgres,pglite, BENCH_DATABASE_URL (default the local PostgreSQL), BENCH_CPU_PROF=1
// (server CPU profiles into bench/profiles/), BENCH_AUTO_EXPLAIN=<ms> (PostgreSQL: the server's
// statements slower than <ms> are logged with EXPLAIN ANALYZE, BUFFERS into the PostgreSQL log),
// BENCH_KEEP=1 (keep the database / data folder and print where it is).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  SEARCH_TERMS,
  generatePatients,
  nameCursorAt,
  randomIds,
  tableFacts,
} from './patients-data.mjs';
import {
  freePort,
  here,
  load,
  rssMb,
  signIn,
  startApp,
  summary,
  timedGet,
  waitFor,
} from './lib.mjs';

const N = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const BY_ID_ROUNDS = Number(process.env.BENCH_BY_ID_ROUNDS ?? 5);
const LIST_SAMPLES = 200;
const SEARCH_PASSES = 4; // × 50 terms
const BUDGET = { deepRatio: 2, searchP90: 20, byIdRatio: 0.5 };
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const argDbs = process.argv.slice(2).filter((a) => a === 'postgres' || a === 'pglite');
const DBS = argDbs.length
  ? argDbs
  : (process.env.BENCH_DB ?? 'postgres,pglite').split(',').map((s) => s.trim());
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const log = (...a) => console.log(...a);

/** Sequential GETs: `paths` in turn, `rounds` times, stopping early after `maxMs` (each GET times out at 30 s). */
async function sequential(port, headers, paths, rounds, maxMs, check) {
  const samples = paths.map(() => []);
  const end = Date.now() + maxMs;
  // the first round always completes (every path gets a sample); later ones stop at maxMs
  rounds: for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < paths.length; i++) {
      if (r > 0 && Date.now() >= end) break rounds;
      const res = await timedGet(port, paths[i], headers);
      if (res.status !== 200)
        throw new Error(`GET ${paths[i]} → ${res.status} ${res.body.slice(0, 300)}`);
      if (check) check(i, res);
      samples[i].push(res.ms);
    }
  }
  return samples;
}

async function hasPatientsApi(url) {
  try {
    const res = await fetch(`${url}/api/openapi.json`);
    if (!res.ok) return false;
    const doc = await res.json();
    return Boolean(doc.paths?.['/api/patients/{id}']);
  } catch {
    return false;
  }
}

/** (d) `listPatients` per term, sequentially, through the server's own code on one connection. */
async function searchAtDatabase({ dbUrl, dataDir }) {
  const { register } = await import('tsx/esm/api');
  register();
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { listPatients } =
    await import('../apps/server/src/modules/patients/patients.repository.ts');
  const database = await openDatabase(dbUrl ? { url: dbUrl, dataDir: os.tmpdir() } : { dataDir });
  try {
    const once = async (term) => {
      const t0 = performance.now();
      const page = await database.db.transaction((tx) =>
        listPatients(tx, { q: term, sort: 'name' }, undefined, 50),
      );
      return { ms: performance.now() - t0, hits: page.rows.length };
    };
    for (const term of SEARCH_TERMS) await once(term); // warm-up
    const perTerm = SEARCH_TERMS.map(() => []);
    for (let pass = 0; pass < SEARCH_PASSES; pass++) {
      for (const [i, term] of SEARCH_TERMS.entries()) perTerm[i].push((await once(term)).ms);
    }
    const all = summary(perTerm.flat());
    all.slowest = SEARCH_TERMS.map((term, i) => ({ term, p50: summary(perTerm[i]).p50 }))
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 6);
    return all;
  } finally {
    await database.close();
  }
}

async function benchOne(kind) {
  const result = {
    kind,
    rows: N,
    date: new Date().toISOString(),
    host: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
    checks: [],
  };
  let dbUrl;
  let dataDir;
  let admin;
  const cleanups = [];
  try {
    if (kind === 'postgres') {
      const dbName = `painlab_bench_${Date.now()}`;
      admin = new pg.Client({ connectionString: BASE });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      dbUrl = Object.assign(new URL(BASE), { pathname: `/${dbName}` }).toString();
      if (process.env.BENCH_KEEP !== '1')
        cleanups.push(() => admin.query(`drop database if exists ${dbName} with (force)`));
      else log(`  keeping database ${dbUrl}`);
      result.pg = (await admin.query('show server_version')).rows[0].server_version;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-bench-'));
      if (process.env.BENCH_KEEP !== '1')
        cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      else log(`  keeping DATA_DIR ${dataDir}`);
    }

    // 1. Migrations and the demo accounts: the real server once, on the empty database.
    log(`\n[${kind}] migrating and seeding the demo accounts (server start on the empty database)`);
    const first = await startApp({ databaseUrl: dbUrl, dataDir });
    await first.stop();

    // 2. The patients, written inside the database; the list cursor of row N/2 and random ids.
    log(`[${kind}] generating ${N.toLocaleString('en')} patients`);
    let conn;
    let query;
    let closeConn;
    if (kind === 'postgres') {
      conn = new pg.Client({ connectionString: dbUrl });
      await conn.connect();
      query = (text, values) => conn.query(text, values);
      closeConn = () => conn.end();
    } else {
      const { register } = await import('tsx/esm/api');
      register();
      const { openDatabase } = await import('../apps/server/src/db/client.ts');
      const database = await openDatabase({ dataDir });
      const client = await database.pool.connect();
      query = (text, values) => client.query(text, values);
      closeConn = async () => {
        client.release();
        await database.close(); // checkpoints
      };
    }
    try {
      result.generation = await generatePatients(query, N, {
        log,
        maintenanceWorkMem: kind === 'postgres' ? '512MB' : '256MB',
      });
      result.table = await tableFacts(query);
      const k = Math.floor(result.table.live / 2);
      result.deepRow = k;
      result.cursor = await nameCursorAt(query, k);
      result.expectedDeepFirst = (await nameCursorAt(query, k + 1)).after.id;
      result.ids = await randomIds(query, 10_000);
    } finally {
      await closeConn();
    }
    const g = result.generation;
    log(
      `[${kind}] generated in ${(g.totalMs / 1000).toFixed(1)} s (insert ${(g.insertMs / 1000).toFixed(1)} s, indexes ${(g.indexMs / 1000).toFixed(1)} s, vacuum analyze ${(g.vacuumMs / 1000).toFixed(1)} s); ` +
        `${result.table.rows.toLocaleString('en')} rows, ${result.table.live.toLocaleString('en')} live, table+indexes ${result.table.total_size} (heap ${result.table.heap_size}; ${Object.entries(
          result.table.indexes,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
    );

    if (kind === 'postgres' && process.env.BENCH_AUTO_EXPLAIN) {
      const db = new URL(dbUrl).pathname.slice(1);
      await admin.query(`alter database ${db} set session_preload_libraries = 'auto_explain'`);
      await admin.query(
        `alter database ${db} set auto_explain.log_min_duration = '${Number(process.env.BENCH_AUTO_EXPLAIN)}ms'`,
      );
      await admin.query(`alter database ${db} set auto_explain.log_analyze = on`);
      await admin.query(`alter database ${db} set auto_explain.log_buffers = on`);
      log(
        `[${kind}] auto_explain on for ${db}: statements ≥ ${process.env.BENCH_AUTO_EXPLAIN} ms go to the PostgreSQL log`,
      );
    }

    // 3. The server under test.
    const cpuProfDir =
      process.env.BENCH_CPU_PROF === '1'
        ? path.join(here, 'profiles', `${stamp}-${kind}`)
        : undefined;
    const tStart = performance.now();
    const app = await startApp({ databaseUrl: dbUrl, dataDir, cpuProfDir });
    result.serverStartMs = Math.round(performance.now() - tStart);
    cleanups.unshift(() => app.stop());
    result.idleRssMb = rssMb(app.proc.pid);
    if (!(await hasPatientsApi(app.url))) {
      log(
        `[${kind}] the server has no /api/patients/{id} in /api/openapi.json yet: generation measured, API not`,
      );
      result.missingApi = true;
      return result;
    }
    const cookie = await signIn(app.url);
    result.loadAvg = os.loadavg().map((x) => Number(x.toFixed(2)));
    const headers = { cookie };

    // a. Page 1 vs the page after row N/2, sort=name, interleaved.
    log(`[${kind}] list sort=name: page 1 vs after row ${result.deepRow.toLocaleString('en')}`);
    const listPaths = [
      '/api/patients?limit=50&sort=name',
      `/api/patients?limit=50&sort=name&cursor=${encodeURIComponent(result.cursor.cursor)}`,
    ];
    const checkList = (i, res) => {
      const body = JSON.parse(res.body);
      if (body.items?.length !== 50) throw new Error(`list ${i}: ${body.items?.length} items`);
      if (i === 1 && body.items[0].id !== result.expectedDeepFirst)
        throw new Error(
          `deep page starts at ${body.items[0].id}, expected ${result.expectedDeepFirst}`,
        );
    };
    await sequential(app.port, headers, listPaths, 20, 60_000, checkList); // warm-up
    const [page1, deep] = await sequential(
      app.port,
      headers,
      listPaths,
      LIST_SAMPLES,
      120_000,
      checkList,
    );
    result.list = { page1: summary(page1), deep: summary(deep) };
    result.list.ratioP50 = result.list.deep.p50 / result.list.page1.p50;
    result.list.ratioP90 = result.list.deep.p90 / result.list.page1.p90;

    // b. Name search, 50 terms, sequential.
    log(`[${kind}] name search: ${SEARCH_TERMS.length} terms × ${SEARCH_PASSES}`);
    const searchPaths = SEARCH_TERMS.map(
      (t) => `/api/patients?q=${encodeURIComponent(t)}&limit=50`,
    );
    const hits = new Map();
    const countHits = (i, res) => hits.set(SEARCH_TERMS[i], JSON.parse(res.body).items.length);
    await sequential(app.port, headers, searchPaths, 1, 60_000, countHits); // warm-up
    const perTerm = await sequential(app.port, headers, searchPaths, SEARCH_PASSES, 90_000);
    result.search = summary(perTerm.flat());
    result.search.slowest = SEARCH_TERMS.map((t, i) => ({
      term: t,
      p50: summary(perTerm[i]).p50,
      hits: hits.get(t),
    }))
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 6);
    result.search.noHits = SEARCH_TERMS.filter((t) => hits.get(t) === 0);

    // c. One patient by id: full stack (audited read) vs the bare baseline on the same database.
    log(
      `[${kind}] by id: autocannon ${CONNECTIONS} connections, ${SECONDS} s per run, ${result.ids.length} random ids`,
    );
    const probe = await timedGet(app.port, `/api/patients/${result.ids[0]}`, headers);
    if (probe.status !== 200 || JSON.parse(probe.body).id !== result.ids[0])
      throw new Error(`GET /api/patients/:id → ${probe.status} ${probe.body.slice(0, 300)}`);
    const fullPaths = result.ids.map((id) => `/api/patients/${id}`);
    await load(app.url, { seconds: SECONDS, headers, paths: fullPaths }); // warm-up (discarded)
    if (kind === 'postgres') {
      // the audited variant writes into a copy of audit_log (see baseline-server.mjs)
      const bench = new pg.Client({ connectionString: dbUrl });
      await bench.connect();
      await bench.query('create table bench_audit_log (like audit_log including all)');
      await bench.end();
      const basePort = await freePort();
      const baseline = fork(path.join(here, 'baseline-server.mjs'), {
        env: { ...process.env, PORT: String(basePort), DATABASE_URL: dbUrl },
      });
      cleanups.unshift(
        () =>
          new Promise((r) =>
            baseline.exitCode !== null ? r() : (baseline.once('exit', r), baseline.kill('SIGTERM')),
          ),
      );
      await waitFor(`http://127.0.0.1:${basePort}/health`, 30_000);
      const basePaths = result.ids.map((id) => `/patients/${id}`);
      await load(`http://127.0.0.1:${basePort}`, {
        seconds: Math.min(SECONDS, 3),
        paths: basePaths,
      }); // warm-up
      // Interleaved rounds (full, bare, bare + same DB work), the median round of each kept: the
      // box's speed drifts by tens of percent over a minute, and a ratio of two runs taken apart
      // measures the drift as much as the servers.
      const rounds = { full: [], bare: [], bareAudited: [] };
      for (let round = 0; round < BY_ID_ROUNDS; round++) {
        rounds.full.push(await load(app.url, { seconds: SECONDS, headers, paths: fullPaths }));
        rounds.bare.push(
          await load(`http://127.0.0.1:${basePort}`, { seconds: SECONDS, paths: basePaths }),
        );
        rounds.bareAudited.push(
          await load(`http://127.0.0.1:${basePort}`, {
            seconds: SECONDS,
            headers,
            paths: result.ids.map((id) => `/patients-audited/${id}`),
          }),
        );
      }
      const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
      const full = median(rounds.full);
      const bare = median(rounds.bare);
      const bareAudited = median(rounds.bareAudited);
      const ratios = rounds.full.map((f, i) => f.rps / rounds.bare[i].rps);
      result.byId = {
        full,
        bare,
        bareAudited,
        ratio: full.rps / bare.rps,
        ratios,
        rounds: BY_ID_ROUNDS,
      };
    } else {
      const full = await load(app.url, { seconds: SECONDS, headers, paths: fullPaths });
      result.byId = { full };
    }
    result.loadedRssMb = rssMb(app.proc.pid);

    // d. Name search at the database: the repository's own `listPatients` (the SQL the API runs:
    //    the term's search key, then the page) on one connection, in a transaction, with the server
    //    stopped (a PGlite folder opens in one process). Budget 12 of reference/performance.md is a
    //    database figure ("single connection"); (b) adds the HTTP stack and the audited commit.
    await app.stop();
    log(
      `[${kind}] name search at the database: ${SEARCH_TERMS.length} terms × ${SEARCH_PASSES}, one connection`,
    );
    result.searchDb = await searchAtDatabase({ dbUrl, dataDir });
    return result;
  } finally {
    for (const c of cleanups)
      await Promise.resolve()
        .then(c)
        .catch((e) => log(`cleanup: ${e.message}`));
    await admin?.end();
  }
}

function report(r) {
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  const label =
    r.kind === 'postgres' ? `PostgreSQL ${r.pg}` : 'PGlite (worker thread, Unix socket)';
  log(`\n${label}, ${r.rows.toLocaleString('en')} patients, ${r.host}`);
  const g = r.generation;
  log(
    `  generated in ${f(g.totalMs / 1000)} s (insert ${f(g.insertMs / 1000)} s, indexes ${f(g.indexMs / 1000)} s, vacuum analyze ${f(g.vacuumMs / 1000)} s); ${r.table.total_size} with indexes; server start ${r.serverStartMs} ms, RSS ${r.idleRssMb} MB idle${r.loadedRssMb ? `, ${r.loadedRssMb} MB after the runs` : ''}`,
  );
  if (r.loadAvg)
    log(`  load average when measuring began: ${r.loadAvg.join(' ')} (${os.cpus().length} cores)`);
  if (r.missingApi) {
    log('  patients API missing: nothing measured');
    r.checks.push({ name: 'patients API present', ok: false });
    return;
  }
  const rows = [];
  const L = r.list;
  rows.push([
    'list sort=name page 1, p50 / p90 ms',
    `${f(L.page1.p50, 2)} / ${f(L.page1.p90, 2)}`,
    '',
  ]);
  rows.push([
    `list after row ${r.deepRow.toLocaleString('en')}, p50 / p90 ms`,
    `${f(L.deep.p50, 2)} / ${f(L.deep.p90, 2)}`,
    '',
  ]);
  const deepOk = L.ratioP50 <= BUDGET.deepRatio;
  rows.push([
    '  deep ÷ page 1 (p50; p90 ratio)',
    `${f(L.ratioP50, 2)} (${f(L.ratioP90, 2)})`,
    `≤ ${BUDGET.deepRatio} ${deepOk ? 'ok' : 'MISSED'}`,
  ]);
  r.checks.push({ name: 'deep page ratio', ok: deepOk });
  const S = r.search;
  const D = r.searchDb;
  const searchOk = Boolean(D) && D.p90 <= BUDGET.searchP90;
  rows.push([
    `name search at the database (${D?.n ?? 0} queries), p50 / p90 / p99 ms`,
    D ? `${f(D.p50, 2)} / ${f(D.p90, 2)} / ${f(D.p99, 2)}` : '—',
    `p90 ≤ ${BUDGET.searchP90} ${searchOk ? 'ok' : 'MISSED'}`,
  ]);
  r.checks.push({ name: 'search p90 (database)', ok: searchOk });
  rows.push([
    `name search through the API (${S.n} requests), p50 / p90 / p99 ms`,
    `${f(S.p50, 2)} / ${f(S.p90, 2)} / ${f(S.p99, 2)}`,
    '(information: + session, audited commit, JSON)',
  ]);
  const B = r.byId;
  const fullOk = B.full.non2xx === 0 && B.full.errors === 0;
  rows.push([
    'by id, full stack req/s (p50 / p99 ms)',
    `${f(B.full.rps, 0)} (${B.full.p50} / ${B.full.p99})`,
    fullOk ? '' : `non-2xx ${B.full.non2xx}, errors ${B.full.errors}`,
  ]);
  if (B.bare) {
    const ok = fullOk && B.bare.non2xx === 0 && B.ratio >= BUDGET.byIdRatio;
    rows.push([
      'by id, bare node:http + pg req/s (p50 / p99 ms)',
      `${f(B.bare.rps, 0)} (${B.bare.p50} / ${B.bare.p99})`,
      '',
    ]);
    rows.push([
      `  full stack ÷ bare (medians of ${B.rounds ?? 1} interleaved rounds)`,
      `${f(B.ratio, 2)}${B.ratios ? ` (rounds: ${B.ratios.map((x) => f(x, 2)).join(', ')})` : ''}`,
      `≥ ${BUDGET.byIdRatio} ${ok ? 'ok' : 'MISSED'}`,
    ]);
    if (B.bareAudited) {
      const A = B.bareAudited;
      rows.push([
        'by id, bare + same DB work (session, audited read) req/s',
        `${f(A.rps, 0)} (${A.p50} / ${A.p99})`,
        A.non2xx ? `non-2xx ${A.non2xx}` : '',
      ]);
      rows.push(['  full stack ÷ bare + same DB work (information)', f(B.full.rps / A.rps, 2), '']);
    }
    r.checks.push({ name: 'by-id ratio', ok });
  } else {
    r.checks.push({ name: 'by-id errors', ok: fullOk });
  }
  for (const [a, b, c] of rows) log(`  ${a.padEnd(60)} ${b.padEnd(24)} ${c}`);
  log(
    `  slowest search terms (p50 ms, hits): ${S.slowest.map((s) => `${s.term} ${f(s.p50, 1)} (${s.hits})`).join(', ')}`,
  );
  if (D)
    log(
      `  slowest at the database (p50 ms): ${D.slowest.map((s) => `${s.term} ${f(s.p50, 1)}`).join(', ')}`,
    );
  if (S.noHits.length) log(`  terms with no hits: ${S.noHits.join(', ')}`);
}

const results = [];
let failed = false;
for (const kind of DBS) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`unknown database ${kind}`);
  try {
    const r = await benchOne(kind);
    results.push(r);
  } catch (error) {
    failed = true;
    log(`\n[${kind}] FAILED: ${error.stack ?? error}`);
  }
}
log(`\nPatients benchmark, ${SECONDS} s per autocannon run, ${CONNECTIONS} connections, loopback`);
for (const r of results) report(r);
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `patients-${stamp}.json`);
fs.writeFileSync(
  out,
  JSON.stringify(
    results.map(({ ids, ...r }) => ({ ...r, ids: ids?.length })),
    null,
    2,
  ),
);
log(`\nfigures: ${path.relative(process.cwd(), out)}`);
process.exitCode = failed || results.some((r) => r.checks.some((c) => !c.ok)) ? 1 : 0;
