/**
 * Two real server processes on one PostgreSQL, both keeping looked-up sessions for a whole minute
 * (SESSION_CACHE_MS=60000): a ban, a role change, a sign-out everywhere, ending one session and a
 * password reset made through instance A are enforced by instance B within one second (ADR 0026,
 * LISTEN/NOTIFY), where B's cache alone would have kept the old session for a minute — which a
 * change made in SQL, with no signal, shows. An event stream open on B ends as well. The measured times are printed. PostgreSQL only: the
 * embedded database is one process.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '@painlab/shared/personas';
import { openStream } from '../test/event-stream';
import { ApiClient, dbKind } from '../test/harness';
import {
  dataDir,
  launchServer,
  sharedPostgres,
  waitHealthy,
  type ServerProcess,
} from '../test/server-process';

const PASSWORD = 'a-long-enough-password-7';
let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
let a: ServerProcess;
let b: ServerProcess;
let adminOnA: ApiClient;
let sql: pg.Client;
const measured: Record<string, number> = {};

async function launch(): Promise<ServerProcess> {
  return launchServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir(),
    DATABASE_URL: shared!.url,
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    RATE_LIMIT_AUTH_MAX: '1000',
    SESSION_CACHE_MS: '60000',
    LOG_LEVEL: 'warn',
  });
}

async function signIn(proc: ServerProcess, email: string, password = PASSWORD) {
  const client = new ApiClient(proc.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

let n = 0;
/** A fresh account made by the admin on A; returns its id and e-mail. */
async function account(role = 'specialist') {
  const email = `revoke-${++n}-${Date.now()}@example.test`;
  const res = await adminOnA.post('/api/users', {
    name: 'Rita Revoke',
    email,
    role,
    password: PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, email };
}

/** Signed in on B, with the session looked up twice there, so it is in B's cache. */
async function cachedOnB(email: string) {
  const client = await signIn(b, email);
  expect((await client.get('/api/me')).status).toBe(200);
  expect((await client.get('/api/me')).status).toBe(200);
  return client;
}

/** Milliseconds from now until `seen()` holds, asking every 5 ms; fails after 5 s. */
async function until(seen: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 5_000) {
    if (await seen()) return Math.round(performance.now() - start);
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('not seen within 5 s');
}

const refused = (client: ApiClient) => async () => (await client.get('/api/me')).status === 401;

describe.skipIf(dbKind !== 'postgres')('revocation across two server instances', () => {
  beforeAll(async () => {
    shared = await sharedPostgres('painlab_t_rv');
    a = await launch();
    await waitHealthy(a);
    b = await launch(); // the demo accounts exist: b seeds nothing new
    await waitHealthy(b);
    adminOnA = await signIn(a, DEMO.admin, DEMO_PASSWORD);
    sql = new pg.Client({ connectionString: shared.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    console.log('revocation A → B (ms):', JSON.stringify(measured));
    await sql?.end();
    await shared?.drop();
  });

  it("B's cache really holds: a ban written in SQL, with no signal, is not seen there for a while", async () => {
    const { email } = await account();
    const onB = await cachedOnB(email);
    await sql.query(`update "user" set banned = true where email = $1`, [email]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await onB.get('/api/me')).status).toBe(200);
    // a fresh sign-in on B reads the database: refused
    const again = await new ApiClient(b.url).post('/api/auth/sign-in/email', {
      email,
      password: PASSWORD,
    });
    expect(again.status).toBe(403);
  });

  it('a ban on A is enforced on B within 1 s', async () => {
    const { id, email } = await account();
    const onB = await cachedOnB(email);
    const res = await adminOnA.post('/api/auth/admin/ban-user', { userId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    measured.ban = await until(refused(onB));
    expect(measured.ban).toBeLessThan(1_000);
  });

  it('an event stream open on B ends within 1 s of a ban on A, and its reconnect is refused', async () => {
    const { id, email } = await account();
    const onB = await cachedOnB(email);
    const stream = await openStream(onB);
    const res = await adminOnA.post('/api/auth/admin/ban-user', { userId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    measured.banEndsStream = await stream.waitEnded(5_000);
    expect(measured.banEndsStream).toBeLessThan(1_000);
    await expect(openStream(onB)).rejects.toThrow('event stream answered 401');
  });

  it('an event stream open on B ends within 1 s of signing out everywhere on A', async () => {
    const { email } = await account();
    const onA = await signIn(a, email);
    const stream = await openStream(await cachedOnB(email));
    expect((await onA.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    measured.signOutEndsStream = await stream.waitEnded(5_000);
    expect(measured.signOutEndsStream).toBeLessThan(1_000);
  });

  it('a role change on A is enforced on B within 1 s (the new role, and what it may no longer do)', async () => {
    const { id, email } = await account('admin');
    const onB = await cachedOnB(email);
    expect((await onB.get('/api/users')).status).toBe(200);
    const res = await adminOnA.patch(`/api/users/${id}`, { role: 'researcher' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    measured.roleChange = await until(
      async () => (await onB.get('/api/me')).body.role === 'researcher',
    );
    expect(measured.roleChange).toBeLessThan(1_000);
    expect((await onB.get('/api/users')).status).toBe(403);
  });

  it('signing out everywhere on A ends the session on B within 1 s', async () => {
    const { email } = await account();
    const onA = await signIn(a, email);
    const onB = await cachedOnB(email);
    expect((await onA.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    measured.signOutEverywhere = await until(refused(onB));
    expect(measured.signOutEverywhere).toBeLessThan(1_000);
  });

  it('ending one session on A ends it on B within 1 s, and only that one', async () => {
    const { email } = await account();
    const onA = await signIn(a, email);
    const onB = await cachedOnB(email);
    const other = await cachedOnB(email);
    const list = await onA.get('/api/account/sessions');
    expect(list.status).toBe(200);
    const me = await onB.get('/api/auth/get-session');
    const target = me.body.session.id as string;
    const ended = await onA.delete(`/api/account/sessions/${target}`);
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
    measured.endOneSession = await until(refused(onB));
    expect(measured.endOneSession).toBeLessThan(1_000);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('a password reset on A ends the session on B within 1 s', async () => {
    const { email } = await account();
    const onB = await cachedOnB(email);
    const ask = await new ApiClient(a.url).post('/api/auth/request-password-reset', { email });
    expect(ask.status).toBe(200);
    const { rows } = await sql.query<{ text: string }>(
      "select text from outbox_message where template = 'auth.password_reset' and recipient = $1",
      [email],
    );
    const token = /token=([\w-]+)/.exec(rows[0]!.text)![1]!;
    const reset = await new ApiClient(a.url).post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new-passphrase-42',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    measured.passwordReset = await until(refused(onB));
    expect(measured.passwordReset).toBeLessThan(1_000);
  });
});
