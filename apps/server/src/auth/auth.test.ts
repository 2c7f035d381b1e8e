/** Sign-up, sign-in, sign-out, sessions, rate limits and origin checks through the real server. */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditCount, DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const userCount = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from "user"'))[0]!.n);

describe('sign-up', () => {
  it('creates a patient account, signs it in and audits it', async () => {
    const client = server.client();
    const before = await auditCount(server, 'auth.sign_up');
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Lucía Gómez',
      email: 'lucia@example.test',
      password: 'a-long-enough-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeNull(); // sign-up does not sign in: the answer must not depend on the e-mail being new
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: 'lucia@example.test',
      password: 'a-long-enough-password',
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('painlab.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ role: 'user', user: { email: 'lucia@example.test' } });
    expect(await auditCount(server, 'auth.sign_up')).toBe(before + 1);
  });

  it('cannot choose its own role', async () => {
    const client = server.client();
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Mallory',
      email: 'mallory@example.test',
      password: 'a-long-enough-password',
      role: 'admin',
    });
    if (res.status === 200) {
      await client.post('/api/auth/sign-in/email', {
        email: 'mallory@example.test',
        password: 'a-long-enough-password',
      });
      expect((await client.get('/api/me')).body.role).toBe('user');
    } else expect(res.status).toBe(400);
  });

  it.each([
    [
      'a short password',
      { name: 'A', email: 'short@example.test', password: 'short' },
      'PASSWORD_TOO_SHORT',
    ],
    [
      'a password over 128 characters',
      { name: 'A', email: 'long@example.test', password: 'x'.repeat(129) },
      'PASSWORD_TOO_LONG',
    ],
    [
      'a common password with digits (password1234)',
      { name: 'A', email: 'common@example.test', password: 'password1234' },
      'PASSWORD_TOO_COMMON',
    ],
    [
      'a leaked password (qwertyuiop12)',
      { name: 'A', email: 'leaked@example.test', password: 'qwertyuiop12' },
      'PASSWORD_TOO_COMMON',
    ],
    [
      'a repetitive password (aaaaaaaaaaaa)',
      { name: 'A', email: 'rep@example.test', password: 'aaaaaaaaaaaa' },
      'PASSWORD_TOO_SIMPLE',
    ],
    [
      'a sequence (abcdefghijklm)',
      { name: 'A', email: 'seq@example.test', password: 'abcdefghijklm' },
      'PASSWORD_TOO_SIMPLE',
    ],
    [
      'a password built from the name',
      { name: 'Lucía Gómez', email: 'lg@example.test', password: 'LuciaGomez1985!' },
      'PASSWORD_CONTAINS_PERSONAL_INFO',
    ],
    [
      'a password built from the e-mail',
      { name: 'X', email: 'marisol.vega@example.test', password: 'marisol.vega.2026' },
      'PASSWORD_CONTAINS_PERSONAL_INFO',
    ],
    [
      'a password built from the product name',
      { name: 'X', email: 'pl@example.test', password: 'painlab-demo-2026' },
      'PASSWORD_CONTAINS_PERSONAL_INFO',
    ],
    [
      'a malformed e-mail',
      { name: 'A', email: 'not-an-email', password: 'a-long-enough-password' },
      undefined,
    ],
    ['no e-mail', { name: 'A', password: 'a-long-enough-password' }, undefined],
  ])('rejects %s and writes nothing', async (_label, body, code) => {
    const before = await userCount();
    const res = await server.client().post('/api/auth/sign-up/email', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (code) expect(res.body.code).toBe(code);
    expect(await userCount()).toBe(before);
  });

  it('answers a taken e-mail exactly like a new one and creates nothing; the made-up user is no actor', async () => {
    const before = await userCount();
    const taken = await server.client().post('/api/auth/sign-up/email', {
      name: 'Dup',
      email: DEMO.user,
      password: 'a-long-enough-password',
    });
    const fresh = await server.client().post('/api/auth/sign-up/email', {
      name: 'Dup',
      email: 'fresh-dup@example.test',
      password: 'a-long-enough-password',
    });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    const shape = (r: typeof taken) => ({
      keys: Object.keys(r.body).sort(),
      user: Object.keys(r.body.user).sort(),
      token: r.body.token,
      cookies: r.headers.getSetCookie().length,
    });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(JSON.stringify(taken.body)).not.toMatch(/ALREADY_EXISTS/);
    expect(await userCount()).toBe(before + 1);
    // the made-up user of the generic answer is no actor in the audit log
    const [row] = await server.sql<{ actor_user_id: string | null }>(
      "select actor_user_id from audit_log where action = 'auth.sign_up' and actor_user_id = $1",
      [taken.body.user.id],
    );
    expect(row).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('signs each demo role in and reports its role', async () => {
    for (const [role, email] of Object.entries(DEMO)) {
      const client = await server.signIn(email);
      expect((await client.get('/api/me')).body.role).toBe(role);
    }
  });

  it('refuses a wrong password, audits the failure without the e-mail address', async () => {
    const res = await server
      .client()
      .post('/api/auth/sign-in/email', { email: DEMO.admin, password: 'wrong-password-123' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const [row] = await server.sql<{
      outcome: string;
      details: Record<string, unknown>;
      actor_user_id: string | null;
    }>(
      "select outcome, details, actor_user_id from audit_log where action = 'auth.sign_in' order by id desc limit 1",
    );
    expect(row!.outcome).toBe('failure');
    expect(row!.actor_user_id).toBeNull();
    expect(row!.details.subject).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(row)).not.toContain('admin@');
  });

  it('refuses a request from an untrusted origin', async () => {
    const res = await server.client().request('POST', '/api/auth/sign-in/email', {
      json: { email: DEMO.admin, password: DEMO_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions', () => {
  it('global sign-out ends every session of the user', async () => {
    const laptop = await server.signIn(DEMO.specialist);
    const phone = await server.signIn(DEMO.specialist);
    // both sessions are looked up, so cached (SESSION_CACHE_MS): the revocation must still apply at once
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await phone.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    expect((await laptop.post('/api/auth/sign-out', {})).status).toBeLessThan(500);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect(await auditCount(server, 'auth.revoke_sessions')).toBeGreaterThanOrEqual(1);
  });

  it('a cached session is found only by its exact signed cookie: the same token with a forged signature is refused', async () => {
    const client = await server.signIn(DEMO.specialist);
    expect((await client.get('/api/me')).status).toBe(200); // now cached
    const name = [...client.cookies.keys()].find((k) => k.endsWith('session_token'))!;
    const signed = decodeURIComponent(client.cookies.get(name)!);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    const forged = server.client();
    for (const signature of ['', 'AAAA', Buffer.alloc(32).toString('base64')]) {
      forged.cookies.set(name, encodeURIComponent(`${token}.${signature}`));
      expect((await forged.get('/api/me')).status).toBe(401);
    }
    forged.cookies.set(name, encodeURIComponent(token));
    expect((await forged.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('a session past the absolute limit (12 h) is ended even while active', async () => {
    // the session's age is changed in the database, behind the server's back: such a change
    // applies within SESSION_CACHE_MS (200 ms on this server)
    const quick = await startTestServer({ SESSION_CACHE_MS: '200' });
    onTestFinished(() => quick.close());
    const client = await quick.signIn(DEMO.researcher);
    expect((await client.get('/api/me')).status).toBe(200);
    const me = (await client.get('/api/me')).body;
    expect(Date.parse(me.session.absoluteExpiresAt) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    await quick.sql(
      `update session set created_at = now() - interval '13 hours' where user_id = (select id from "user" where email = $1)`,
      [DEMO.researcher],
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
  });

  it('an active session slides its idle expiry and renews the cookie, at most every 5 minutes', async () => {
    const quick = await startTestServer({ SESSION_CACHE_MS: '0' });
    onTestFinished(() => quick.close());
    const client = await quick.signIn(DEMO.specialist);
    const [cookieName, cookieValue] = [...client.cookies].find(([name]) =>
      name.endsWith('session_token'),
    )!;
    // a fresh session is not renewed on every request
    expect((await client.get('/api/me')).headers.getSetCookie()).toEqual([]);
    // last renewed 10 minutes ago: 20 of its 30 idle minutes left
    await quick.sql(
      `update session set expires_at = now() + interval '20 minutes' where user_id = (select id from "user" where email = $1)`,
      [DEMO.specialist],
    );
    const res = await client.get('/api/me');
    expect(res.status).toBe(200);
    const [renewed] = res.headers.getSetCookie();
    expect(renewed).toBe(
      `${cookieName}=${cookieValue}; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax`,
    );
    const [row] = await quick.sql<{ left: string }>(
      `select extract(epoch from expires_at - now())::int::text as left from session where user_id = (select id from "user" where email = $1)`,
      [DEMO.specialist],
    );
    expect(Number(row!.left)).toBeGreaterThan(1790);
  });

  it('an unknown role in the database fails closed to `user`', async () => {
    await server.signIn(DEMO.admin); // ensure the account exists and is usable
    // the table refuses it (migration 0036, issue 22 item 11) ...
    await expect(
      server.sql(`update "user" set role = 'superuser' where email = $1`, ['lucia@example.test']),
    ).rejects.toThrow(/user_role_check/);
    // ... and a database without that check (one restored from before it) still fails closed
    await server.sql('alter table "user" drop constraint user_role_check');
    try {
      await server.sql(`update "user" set role = 'superuser' where email = $1`, [
        'lucia@example.test',
      ]);
      const client = await server.signIn('lucia@example.test', 'a-long-enough-password');
      const me = await client.get('/api/me');
      expect(me.body.role).toBe('user');
      expect((await client.get('/api/users')).status).toBe(403);
    } finally {
      await server.sql(`update "user" set role = 'user' where email = $1`, ['lucia@example.test']);
      await server.sql(
        `alter table "user" add constraint user_role_check check (role in ('admin','specialist','researcher','user'))`,
      );
    }
  });
});

describe('rate limiting by real client address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      RATE_LIMIT_ADDRESS_FAILURES: '3',
      RATE_LIMIT_ACCOUNT_FAILURES: '100',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(() => limited?.close());

  const attempt = (ip: string, extra: Record<string, string> = {}) =>
    limited.client({ ip }).request('POST', '/api/auth/sign-in/email', {
      json: { email: DEMO.admin, password: 'wrong-password-123' },
      headers: extra,
    });

  it('blocks an address after 3 failed sign-ins in the window, not another address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('203.0.113.7')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt('203.0.113.8')).status).toBe(401);
  });

  it('counts an IPv6 /64 as one address: new addresses of the same network do not reset it', async () => {
    const statuses = [];
    for (const ip of [
      '2001:db8:aa:bb::1',
      '2001:db8:aa:bb::2',
      '2001:db8:aa:bb::abcd:1',
      '2001:db8:aa:bb:ffff:ffff:ffff:fffe',
    ])
      statuses.push((await attempt(ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt('2001:db8:aa:bc::1')).status).toBe(401);
  });

  it('a client cannot pick its own bucket with the internal header', async () => {
    for (let i = 0; i < 3; i++) await attempt('198.51.100.1');
    const res = await attempt('198.51.100.1', { 'x-painlab-client-ip': '192.0.2.99' });
    expect(res.status).toBe(429);
  });
});
