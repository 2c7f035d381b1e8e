#!/usr/bin/env node
// `npm run bench -- auth` (or `node bench/auth.mjs`): what signing in costs (issue 9), each figure a
// ratio against a bare baseline measured in the same run:
//   a. password sign-in (POST /api/auth/sign-in/email: throttle check, scrypt verify, session row,
//      audit row, cookie) at 4 concurrent for BENCH_SECONDS, vs better-auth's own scrypt verify of
//      the same hash at the same concurrency in this process: sign-ins/s ÷ verifies/s. The hash is
//      most of a sign-in: the ratio says how much the rest costs.
//   b. sign-in with an authenticator app: password step then POST /two-factor/verify-totp with a
//      code computed by `otpauth` (not the product's code), for BENCH_TOTP_ACCOUNTS accounts each
//      enrolled beforehand and each used once (a code is refused if presented again): p50 of the
//      two steps ÷ p50 of the password step alone, measured on the same accounts in the same run.
// PostgreSQL (BENCH_DATABASE_URL; a fresh database, dropped after). Loopback only; bounded loops.
// Exits 1 when a budget is missed.
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { BENCH_PASSWORD, root, startApp, summary } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 4;
const TOTP_ACCOUNTS = Number(process.env.BENCH_TOTP_ACCOUNTS ?? 20);
const BUDGET = { passwordRatio: 0.5, totpP50Ratio: 1.6 };
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a) => console.log(...a);

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const { hashPassword, verifyPassword } = await import(serverRequire.resolve('better-auth/crypto'));
const OTPAuth = await import(serverRequire.resolve('otpauth'));

/** Runs `task` `concurrency` at a time for `seconds`; returns how many finished per second. */
async function throughput(seconds, concurrency, task) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await task();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function post(url, pathname, body, cookie) {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return { res, body: await res.json().catch(() => null) };
}

/** A patient account with an authenticator app enrolled; returns its e-mail and TOTP generator. */
async function enrolled(url, i) {
  const email = `totp-${i}-${Date.now()}@bench.test`;
  const password = `${BENCH_PASSWORD}-${i}`;
  const up = await post(url, '/api/auth/sign-up/email', { name: `Bench ${i}`, email, password });
  if (!up.res.ok) throw new Error(`sign-up ${up.res.status}`);
  const signed = await post(url, '/api/auth/sign-in/email', { email, password });
  const cookie = cookiesOf(signed.res);
  const enable = await post(url, '/api/auth/two-factor/enable', { password }, cookie);
  if (!enable.res.ok) throw new Error(`enable ${enable.res.status} ${JSON.stringify(enable.body)}`);
  const totp = OTPAuth.URI.parse(enable.body.totpURI);
  const verify = await post(
    url,
    '/api/auth/two-factor/verify-totp',
    { code: totp.generate() },
    cookie,
  );
  if (!verify.res.ok) throw new Error(`verify ${verify.res.status}`);
  return { email, password, totp };
}

export async function authBench() {
  const dbName = `painlab_bench_auth_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(BASE), { pathname: `/${dbName}` }).toString();
  let app;
  let ok = true;
  try {
    log('\n[auth] starting the server (PostgreSQL, production mode)');
    app = await startApp({ databaseUrl: dbUrl, extraEnv: { REGISTRATION_OPEN: 'true' } });
    const { url } = app;
    const email = 'user@demo.painlab.test';

    // a. password sign-in vs the bare scrypt verify of the same cost, interleaved halves
    const hash = await hashPassword(BENCH_PASSWORD);
    const bare = () => verifyPassword({ hash, password: BENCH_PASSWORD });
    const signIn = async () => {
      const { res } = await post(url, '/api/auth/sign-in/email', {
        email,
        password: BENCH_PASSWORD,
      });
      if (!res.ok) throw new Error(`sign-in ${res.status}`);
    };
    await throughput(1, CONCURRENCY, signIn); // warm-up
    await throughput(1, CONCURRENCY, bare);
    const half = SECONDS / 2;
    const full =
      ((await throughput(half, CONCURRENCY, signIn)) +
        (await throughput(half, CONCURRENCY, signIn))) /
      2;
    const base =
      ((await throughput(half, CONCURRENCY, bare)) + (await throughput(half, CONCURRENCY, bare))) /
      2;
    const ratio = full / base;
    const passA = ratio >= BUDGET.passwordRatio;
    ok &&= passA;
    log(
      `[auth] password sign-in ${full.toFixed(1)}/s, bare scrypt verify ${base.toFixed(1)}/s (${CONCURRENCY} concurrent): ratio ${ratio.toFixed(2)} (budget ≥ ${BUDGET.passwordRatio}) ${passA ? 'ok' : 'MISSED'}`,
    );

    // b. authenticator-app sign-in: two steps vs the password step alone, same accounts
    log(`[auth] enrolling ${TOTP_ACCOUNTS} accounts with an authenticator app`);
    const accounts = [];
    for (let i = 0; i < TOTP_ACCOUNTS; i++) accounts.push(await enrolled(url, i));
    // a code accepted at enrolment may not be used again: start in the next 30-s step
    const wait = 30_000 - (Date.now() % 30_000) + 500;
    log(`[auth] waiting ${Math.round(wait / 1000)} s for the next code step`);
    await new Promise((r) => setTimeout(r, wait));
    const passwordOnly = [];
    const twoSteps = [];
    for (const a of accounts) {
      const t0 = performance.now();
      const first = await post(url, '/api/auth/sign-in/email', {
        email: a.email,
        password: a.password,
      });
      const t1 = performance.now();
      if (!first.res.ok || !first.body?.twoFactorRedirect)
        throw new Error(`password step ${first.res.status}`);
      const second = await post(
        url,
        '/api/auth/two-factor/verify-totp',
        { code: a.totp.generate() },
        cookiesOf(first.res),
      );
      const t2 = performance.now();
      if (!second.res.ok)
        throw new Error(`code step ${second.res.status} ${JSON.stringify(second.body)}`);
      passwordOnly.push(t1 - t0);
      twoSteps.push(t2 - t0);
    }
    const p = summary(passwordOnly);
    const t = summary(twoSteps);
    const totpRatio = t.p50 / p.p50;
    const passB = totpRatio <= BUDGET.totpP50Ratio;
    ok &&= passB;
    log(
      `[auth] sign-in with an authenticator app: p50 ${t.p50.toFixed(1)} ms, p90 ${t.p90.toFixed(1)} ms; password step alone p50 ${p.p50.toFixed(1)} ms: ratio ${totpRatio.toFixed(2)} (budget ≤ ${BUDGET.totpP50Ratio}) ${passB ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await app?.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const passed = await authBench();
  process.exitCode = passed ? 0 : 1;
}
