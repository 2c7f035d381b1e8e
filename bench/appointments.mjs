#!/usr/bin/env node
// `npm run bench -- appointments` (or `node bench/appointments.mjs`): scheduling on PostgreSQL with
// 20 specialists and 50,000 appointments (BENCH_APPOINTMENTS), each measure a ratio against a bare
// baseline measured in the same run on the same database:
//   a. free-slot search for a month (GET /api/appointments/slots, 30 local days, signed in as staff)
//      vs the bare SQL range scan the search makes (the specialist's time held in the month, by
//      `pg` from this process): p95 full ÷ p95 bare, interleaved per specialist.
//   b. booking contention: 50 simultaneous POSTs of one slot → exactly one 201 and 49 409s; then
//      one specialist's day, 200 bookings of random 40-minute slots at 10 concurrent, full stack vs
//      the same INSERTs by 10 `pg` clients (the exclusion constraint refuses both): requests/s ratio.
// Loopback only; every loop is bounded. Exits 1 when a budget is missed.
import pg from 'pg';
import { signIn, startApp, summary, timedGet } from './lib.mjs';

const N = Number(process.env.BENCH_APPOINTMENTS ?? 50_000);
const SPECIALISTS = 20;
const ROUNDS = Number(process.env.BENCH_SLOT_ROUNDS ?? 10);
const BUDGET = { slotsP95Ratio: 15, bookingRatio: 0.1 };
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a) => console.log(...a);
const DAY = 86_400_000;
const day = (offset) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** `total` tasks run `concurrency` at a time; returns the results and the wall time. */
async function pool(total, concurrency, task) {
  const results = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) results.push(await task(next++));
    }),
  );
  return { results, ms: performance.now() - t0 };
}

export async function appointmentsBench() {
  const dbName = `painlab_bench_appt_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(BASE), { pathname: `/${dbName}` }).toString();
  let app;
  const db = new pg.Pool({ connectionString: dbUrl, max: 10 });
  let ok = true;
  try {
    log('\n[appointments] migrating and seeding the demo accounts');
    app = await startApp({ databaseUrl: dbUrl });
    log(
      `[appointments] ${SPECIALISTS} specialists, weekly hours 09:00–19:00, ${N.toLocaleString('en')} appointments`,
    );
    await db.query(
      `insert into "user" (id, name, email, email_verified, role)
       select 'bench-doc-' || i, 'Dr. Bench ' || i, 'doc' || i || '@bench.test', true, 'specialist'
       from generate_series(1, $1) i`,
      [SPECIALISTS],
    );
    await db.query(
      `insert into availability_hours (specialist_id, weekday, start_time, end_time, modality, time_zone)
       select 'bench-doc-' || i, w, '09:00', '19:00', 'in_person', 'Europe/Madrid'
       from generate_series(1, $1) i, generate_series(1, 7) w`,
      [SPECIALISTS],
    );
    const patients = (await db.query('select id from patient where deleted_at is null')).rows.map(
      (r) => r.id,
    );
    if (!patients.length) throw new Error('no demo patients to book for');
    // per specialist: one visit every 3 h around the clock from 180 days back (half a year each way)
    const per = Math.ceil(N / SPECIALISTS);
    await db.query(
      `insert into appointment (patient_id, specialist_id, type_id, starts_at, ends_at, blocked_until,
                                modality, status, price_cents)
       select ($3::uuid[])[1 + (i % array_length($3::uuid[], 1))], 'bench-doc-' || s, 'follow_up',
              t, t + interval '30 minutes', t + interval '40 minutes', 'in_person', 'confirmed', 7000
       from generate_series(1, $1) s, generate_series(0, $2 - 1) i,
            lateral (select date_trunc('hour', now()) - interval '180 days' + i * interval '3 hours'
                            + (s % 3) * interval '20 minutes' as t) x`,
      [SPECIALISTS, per, patients],
    );
    await db.query('analyze appointment');
    const count = Number((await db.query('select count(*) from appointment')).rows[0].count);
    log(`[appointments] ${count.toLocaleString('en')} appointments in the table`);

    const cookie = await signIn(app.url, 'admin@demo.painlab.test');
    const headers = { cookie, accept: 'application/json' };
    const from = day(1);
    const to = day(30);
    // a. interleaved: per specialist, the full search then the bare scan
    const full = [];
    const bare = [];
    let slotsSeen = 0;
    const bounds = [
      new Date(`${from}T00:00:00Z`).getTime() - 2 * DAY,
      new Date(`${to}T00:00:00Z`).getTime() + 3 * DAY,
    ];
    for (let r = 0; r < ROUNDS + 1; r++) {
      for (let s = 1; s <= SPECIALISTS; s++) {
        const res = await timedGet(
          app.port,
          `/api/appointments/slots?specialistId=bench-doc-${s}&typeId=follow_up&from=${from}&to=${to}`,
          headers,
        );
        if (res.status !== 200) throw new Error(`slots: ${res.status} ${res.body.slice(0, 200)}`);
        const t0 = performance.now();
        await db.query(
          `select starts_at, blocked_until from appointment
           where specialist_id = $1 and status <> 'cancelled' and starts_at < $3 and blocked_until > $2`,
          [`bench-doc-${s}`, new Date(bounds[0]), new Date(bounds[1])],
        );
        const bareMs = performance.now() - t0;
        if (r === 0) continue; // warm-up round
        full.push(res.ms);
        bare.push(bareMs);
        slotsSeen += JSON.parse(res.body).items.length;
      }
    }
    const f = summary(full);
    const b = summary(bare);
    const fullP95 = [...full].sort((x, y) => x - y)[Math.ceil(0.95 * full.length) - 1];
    const bareP95 = [...bare].sort((x, y) => x - y)[Math.ceil(0.95 * bare.length) - 1];
    const slotRatio = fullP95 / bareP95;
    log(
      `\n  a. free slots, a month, ${full.length} searches (${Math.round(slotsSeen / full.length)} slots each)`,
    );
    log(
      `     full stack  p50 ${f.p50.toFixed(1)} ms  p95 ${fullP95.toFixed(1)} ms  max ${f.max.toFixed(1)} ms`,
    );
    log(`     bare SQL    p50 ${b.p50.toFixed(2)} ms  p95 ${bareP95.toFixed(2)} ms`);
    log(`     p95 ratio full ÷ bare ${slotRatio.toFixed(1)} (budget ≤ ${BUDGET.slotsP95Ratio})`);
    if (!(slotRatio <= BUDGET.slotsP95Ratio)) ok = false;

    // b1. 50 simultaneous bookings of one slot
    const post = (body) =>
      fetch(`${app.url}/api/appointments`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const slotDay = new Date(`${day(200)}T08:00:00Z`).getTime();
    const one = { patientId: patients[0], specialistId: 'bench-doc-1', typeId: 'follow_up' };
    const t0 = performance.now();
    const race = await Promise.all(
      Array.from({ length: 50 }, () => post({ ...one, startsAt: new Date(slotDay).toISOString() })),
    );
    const raceMs = performance.now() - t0;
    const won = race.filter((r) => r.status === 201).length;
    const lost = race.filter((r) => r.status === 409).length;
    log(`\n  b. booking contention`);
    log(
      `     50 simultaneous POSTs of one slot: ${won} × 201, ${lost} × 409 in ${raceMs.toFixed(0)} ms`,
    );
    if (won !== 1 || lost !== 49) ok = false;

    // b2. one specialist's day: 200 bookings of random slots (09:00–19:00 Madrid ≈ 08:00–18:00 UTC)
    const slotsOfDay = (base) =>
      Array.from({ length: 15 }, (_, i) => new Date(base + i * 40 * 60_000));
    const fullDay = slotsOfDay(new Date(`${day(201)}T08:00:00Z`).getTime());
    const bareDay = slotsOfDay(new Date(`${day(202)}T08:00:00Z`).getTime());
    const pick = (slots, i) => slots[(i * 7919) % slots.length];
    const fullRun = await pool(200, 10, (i) =>
      post({ ...one, specialistId: 'bench-doc-2', startsAt: pick(fullDay, i).toISOString() }),
    );
    const bareRun = await pool(200, 10, async (i) => {
      const at = pick(bareDay, i);
      try {
        await db.query(
          `insert into appointment (patient_id, specialist_id, type_id, starts_at, ends_at, blocked_until, modality, status, price_cents)
           values ($1, 'bench-doc-2', 'follow_up', $2, $3, $4, 'in_person', 'confirmed', 7000)`,
          [
            patients[0],
            at,
            new Date(at.getTime() + 30 * 60_000),
            new Date(at.getTime() + 40 * 60_000),
          ],
        );
        return { status: 201 };
      } catch (error) {
        if (error.code === '23P01') return { status: 409 };
        throw error;
      }
    });
    const tally = (rs) =>
      `${rs.filter((r) => r.status === 201).length} booked, ${rs.filter((r) => r.status === 409).length} refused, ${rs.filter((r) => r.status !== 201 && r.status !== 409).length} other`;
    const fullRps = (200 / fullRun.ms) * 1000;
    const bareRps = (200 / bareRun.ms) * 1000;
    log(
      `     one day, 200 bookings at 10 concurrent: full ${fullRps.toFixed(0)} req/s (${tally(fullRun.results)})`,
    );
    log(
      `                                             bare ${bareRps.toFixed(0)} req/s (${tally(bareRun.results)})`,
    );
    log(
      `     ratio full ÷ bare ${(fullRps / bareRps).toFixed(2)} (budget ≥ ${BUDGET.bookingRatio})`,
    );
    if (fullRun.results.some((r) => r.status !== 201 && r.status !== 409)) ok = false;
    if (fullRun.results.filter((r) => r.status === 201).length !== 15) ok = false;
    if (!(fullRps / bareRps >= BUDGET.bookingRatio)) ok = false;
  } finally {
    await db.end();
    await app?.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  log(ok ? '\n[appointments] all budgets met' : '\n[appointments] BUDGET MISSED');
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await appointmentsBench().catch((error) => {
    console.error(error);
    return false;
  });
  process.exitCode = ok ? 0 : 1;
}
