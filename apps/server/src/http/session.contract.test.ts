/**
 * Contract: the hand-written session lookup (http/session.ts, ADR 0010) answers like better-auth's
 * own `auth.api.getSession` for fresh, expired, banned and not-remembered sessions, including when
 * the sliding expiry is pushed. It reads better-auth's tables and cookie format directly, so a
 * better-auth upgrade that changes either must fail here, loudly, before it ships.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from './session';
import {
  DEMO,
  DEMO_PASSWORD,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSION_CACHE_MS: '0' });
});
afterAll(() => server?.close());

const cookieOf = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function signIn(email: string, rememberMe = true): Promise<ApiClient> {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', {
    email,
    password: DEMO_PASSWORD,
    rememberMe,
  });
  expect(res.status).toBe(200);
  return client;
}

/** Both lookups for one cookie: ours and better-auth's, as (user id, session id) or null. */
async function both(cookie: string) {
  const ours = await resolveSession(server.deps, cookie);
  const theirs = await server.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
  return {
    ours: ours.session ? { userId: ours.session.user.id, sessionId: ours.session.sessionId } : null,
    theirs: theirs ? { userId: theirs.user.id, sessionId: theirs.session.id } : null,
    oursRefreshed: ours.setCookie !== null,
  };
}

const tokenOf = (client: ApiClient) => {
  const value = decodeURIComponent(
    [...client.cookies].find(([k]) => k.endsWith('session_token'))![1],
  );
  return value.slice(0, value.lastIndexOf('.'));
};
const expiresAt = async (client: ApiClient) =>
  new Date(
    (
      await server.sql<{ e: Date }>('select expires_at as e from session where token = $1', [
        tokenOf(client),
      ])
    )[0]!.e,
  ).getTime();

describe('session lookup contract with better-auth getSession', () => {
  it('fresh session: both find the same user and session', async () => {
    const client = await signIn(DEMO.specialist);
    const r = await both(cookieOf(client));
    expect(r.ours).not.toBeNull();
    expect(r.ours).toEqual(r.theirs);
  });

  it('no cookie, a forged signature: both find nothing', async () => {
    const client = await signIn(DEMO.specialist);
    const forged = cookieOf(client).replace(/\.([^;]+)/, '.AAAA');
    for (const cookie of ['', 'other=1', forged]) {
      const r = await both(cookie);
      expect(r.ours).toBeNull();
      expect(r.theirs).toBeNull();
    }
  });

  it('expired session: both find nothing', async () => {
    const client = await signIn(DEMO.researcher);
    await server.sql(
      "update session set expires_at = now() - interval '1 minute' where token = $1",
      [tokenOf(client)],
    );
    const r = await both(cookieOf(client));
    expect(r.ours).toBeNull();
    expect(r.theirs).toBeNull();
  });

  it('banned user (admin ban): both find nothing', async () => {
    const target = await signIn(DEMO.user);
    const admin = await signIn(DEMO.admin);
    const [row] = await server.sql<{ id: string }>('select id from "user" where email = $1', [
      DEMO.user,
    ]);
    const ban = await admin.post('/api/auth/admin/ban-user', {
      userId: row!.id,
      banReason: 'contract test',
    });
    expect(ban.status).toBe(200);
    const r = await both(cookieOf(target));
    expect(r.ours).toBeNull();
    expect(r.theirs).toBeNull();
    await admin.post('/api/auth/admin/unban-user', { userId: row!.id });
  });

  it('remembered session due for a refresh: both push the idle expiry', async () => {
    const a = await signIn(DEMO.specialist);
    const b = await signIn(DEMO.specialist);
    const ctx = await server.deps.auth.$context;
    const { expiresIn, updateAge } = ctx.sessionConfig;
    // as if the session had last been refreshed updateAge + 10 s ago
    const due = `now() + interval '${expiresIn - updateAge - 10} seconds'`;
    for (const c of [a, b])
      await server.sql(`update session set expires_at = ${due} where token = $1`, [tokenOf(c)]);
    const beforeA = await expiresAt(a);
    const beforeB = await expiresAt(b);
    const ours = await resolveSession(server.deps, cookieOf(a));
    expect(ours.setCookie).not.toBeNull();
    await server.deps.auth.api.getSession({ headers: new Headers({ cookie: cookieOf(b) }) });
    expect(await expiresAt(a)).toBeGreaterThan(beforeA + 5_000);
    expect(await expiresAt(b)).toBeGreaterThan(beforeB + 5_000);
  });

  it('not-remembered session (dontRememberMe): both find it and neither pushes the expiry', async () => {
    const a = await signIn(DEMO.researcher, false);
    const b = await signIn(DEMO.researcher, false);
    expect([...a.cookies.keys()].some((k) => k.endsWith('dont_remember'))).toBe(true);
    const ctx = await server.deps.auth.$context;
    const { expiresIn, updateAge } = ctx.sessionConfig;
    const due = `now() + interval '${expiresIn - updateAge - 10} seconds'`;
    for (const c of [a, b])
      await server.sql(`update session set expires_at = ${due} where token = $1`, [tokenOf(c)]);
    const beforeA = await expiresAt(a);
    const beforeB = await expiresAt(b);
    const r = await both(cookieOf(a));
    expect(r.ours).not.toBeNull();
    expect(r.ours).toEqual(r.theirs);
    expect(r.oursRefreshed).toBe(false);
    await server.deps.auth.api.getSession({ headers: new Headers({ cookie: cookieOf(b) }) });
    expect(await expiresAt(a)).toBe(beforeA);
    expect(await expiresAt(b)).toBe(beforeB);
  });
});
