#!/usr/bin/env node
// `npm run bench -- realtime` (issue 12): delivery latency of one realtime event to 200 connected
// browsers across two real server processes on one PostgreSQL, beside a bare baseline measured in
// the same run on the same database.
//
// Full stack: two server processes (production mode); 200 specialist accounts, each signed in and
// holding one `GET /api/events` stream (100 on each instance). A round is one `POST /api/tasks`
// (an administrator, alternately through either instance) for the specialists' queue: its
// transaction writes a `task.changed` row per person who may see the task (every staff member: the
// 200 plus the two demo staff) and NOTIFYs; each instance reads the rows of its streams' users and
// writes the event. Latency per browser: from sending the POST to that stream receiving the event.
// Baseline (`realtime-baseline.mjs`): two bare node:http processes holding 100 SSE streams each
// and one LISTEN; a round is one `POST /notify` to either, which NOTIFYs; both write the event.
// Reported: p50 / p95 / p99 / max over every browser of every round, and the ratios full ÷ bare.
// Budgets: the p95 ≤ 1 s on this box, and p95 ≤ 25 × the baseline's p95 (ratio).
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { freePort, here, percentile, signIn, sleep, startApp, waitFor } from './lib.mjs';

const CLIENTS = Number(process.env.BENCH_REALTIME_CLIENTS ?? 200);
const ROUNDS = Number(process.env.BENCH_REALTIME_ROUNDS ?? 20);
const BUDGET_P95_MS = 1000;
const BUDGET_P95_RATIO = 25;

/** An SSE stream: calls `onEvent(taskId, at)` for each `task.changed` it receives. */
function openStream(port, pathname, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: pathname, headers: cookie ? { cookie } : {}, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        let buffer = '';
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!ready && frame.includes('event: ready')) {
              ready = true;
              resolve(() => req.destroy());
            }
            const m = /event: task\.changed\n(?:.*\n)*?data: \{"taskId":"([^"]+)"\}/.exec(frame);
            if (m) onEvent(m[1], at);
          }
        });
      },
    );
    req.on('error', (e) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
  });
}

/**
 * Runs `rounds` rounds: `trigger(i)` sends the cause and resolves to the event's id; arrivals are
 * matched by id. Returns every browser's latency of every round (ms) and how many never arrived.
 */
async function measure(streams, trigger) {
  const arrivals = new Map(); // id → times
  const onEvent = (id, at) => {
    let list = arrivals.get(id);
    if (!list) arrivals.set(id, (list = []));
    list.push(at);
  };
  const closers = [];
  for (const s of streams) closers.push(await openStream(s.port, s.path, s.cookie, onEvent));
  await sleep(500);
  const samples = [];
  let missing = 0;
  for (let i = 0; i < ROUNDS + 2; i++) {
    const t0 = performance.now();
    const id = await trigger(i);
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(id)?.length ?? 0) < streams.length && Date.now() < deadline)
      await sleep(2);
    const got = arrivals.get(id) ?? [];
    // the first two rounds warm up (discarded)
    if (i >= 2) {
      samples.push(...got.map((at) => at - t0));
      missing += streams.length - got.length;
    }
    await sleep(100);
  }
  for (const close of closers) close();
  return { samples: samples.sort((a, b) => a - b), missing };
}

const stats = (s) => ({
  p50: percentile(s, 0.5),
  p95: percentile(s, 0.95),
  p99: percentile(s, 0.99),
  max: s.at(-1),
});

export async function realtimeBench() {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `painlab_bench_rt_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
  const apps = [];
  const bare = [];
  let db;
  try {
    apps.push(await startApp({ databaseUrl: dbUrl }));
    apps.push(await startApp({ databaseUrl: dbUrl }));
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    // 200 specialists with the demo specialist's password (its hash copied: no 200 hashings)
    await db.query(
      `with src as (select a.password from account a join "user" u on u.id = a.user_id
                    where u.email = 'specialist@demo.painlab.test' and a.provider_id = 'credential'),
       made as (
         insert into "user" (id, name, email, email_verified, role)
         select 'bench-rt-' || g, 'Especialista ' || g, 'bench-rt-' || g || '@bench.test', true, 'specialist'
         from generate_series(1, $1::int) g returning id)
       insert into account (id, account_id, provider_id, user_id, password)
       select 'acc-' || m.id, m.id, 'credential', m.id, src.password from made m, src`,
      [CLIENTS],
    );
    const cookies = [];
    for (let i = 1; i <= CLIENTS; i++)
      cookies.push(await signIn(apps[0].url, `bench-rt-${i}@bench.test`));
    const adminCookie = await signIn(apps[0].url, 'admin@demo.painlab.test');

    let round = 0;
    const full = await measure(
      cookies.map((cookie, i) => ({ port: apps[i % 2].port, path: '/api/events', cookie })),
      async () => {
        const app = apps[round++ % 2];
        const res = await fetch(`${app.url}/api/tasks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.url, cookie: adminCookie },
          body: JSON.stringify({
            title: `Revisar informe ${round}`,
            assignee: { kind: 'queue', role: 'specialist' },
            priority: 'medium',
          }),
        });
        if (res.status !== 201)
          throw new Error(`POST /api/tasks ${res.status} ${await res.text()}`);
        return (await res.json()).id;
      },
    );

    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = fork(path.join(here, 'realtime-baseline.mjs'), {
        env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl },
      });
      bare.push({ child, port });
      await waitFor(`http://127.0.0.1:${port}/health`);
    }
    let n = 0;
    const baseline = await measure(
      cookies.map((_, i) => ({ port: bare[i % 2].port, path: '/events', cookie: null })),
      async () => {
        const id = `bare-${++n}`;
        const res = await fetch(`http://127.0.0.1:${bare[n % 2].port}/notify?id=${id}`, {
          method: 'POST',
        });
        await res.text();
        return id;
      },
    );

    const f = stats(full.samples);
    const b = stats(baseline.samples);
    const ratio = (k) => f[k] / b[k];
    const ok =
      full.missing === 0 &&
      baseline.missing === 0 &&
      f.p95 <= BUDGET_P95_MS &&
      ratio('p95') <= BUDGET_P95_RATIO;
    const ms = (v) => `${v.toFixed(1)} ms`.padStart(10);
    console.log(
      `\nRealtime: ${CLIENTS} SSE clients over two processes on one PostgreSQL, ${ROUNDS} rounds (after 2 discarded)\n`,
    );
    console.log('              p50         p95         p99         max     not delivered');
    console.log(
      `full stack ${ms(f.p50)}  ${ms(f.p95)}  ${ms(f.p99)}  ${ms(f.max)}   ${full.missing} of ${full.samples.length + full.missing}`,
    );
    console.log(
      `baseline   ${ms(b.p50)}  ${ms(b.p95)}  ${ms(b.p99)}  ${ms(b.max)}   ${baseline.missing} of ${baseline.samples.length + baseline.missing}`,
    );
    console.log(
      `ratio      ${ratio('p50').toFixed(1).padStart(8)}×  ${ratio('p95').toFixed(1).padStart(8)}×  ${ratio('p99').toFixed(1).padStart(8)}×`,
    );
    console.log(
      `budget: p95 ≤ ${BUDGET_P95_MS} ms and ≤ ${BUDGET_P95_RATIO}× the baseline's, everything delivered: ${ok ? 'ok' : 'MISSED'}`,
    );
    return ok;
  } finally {
    await db?.end().catch(() => undefined);
    for (const app of apps) await app.stop();
    for (const b of bare) b.child.kill('SIGTERM');
    await sleep(500);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!(await realtimeBench())) process.exitCode = 1;
}
