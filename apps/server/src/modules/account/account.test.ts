/**
 * Issue 9: a user's own sessions. Listed with device, address and times, never a token; one ended
 * by id signs that device out on its next request; "end all others" keeps only this one; another
 * user's session id is a 404 and changes nothing; every ending is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
const PASSWORD = 'sessions-password-long-1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  // the test's addresses arrive as X-Forwarded-For from a trusted local proxy
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
}, 120_000);
afterAll(() => server?.close());

let n = 0;
async function person() {
  const email = `sessions-${++n}-${Date.now()}@example.test`;
  await createAccount(server, {
    role: 'specialist',
    email,
    name: 'Sara Sesiones',
    password: PASSWORD,
  });
  return email;
}

/** Signs in from a device with this User-Agent and address. */
async function device(email: string, userAgent: string, ip: string): Promise<ApiClient> {
  const client = server.client({ ip });
  const res = await client.post(
    '/api/auth/sign-in/email',
    { email, password: PASSWORD },
    {
      'user-agent': userAgent,
    },
  );
  expect(res.status).toBe(200);
  return client;
}

describe('my sessions', () => {
  it('lists every device with what it is, where from and when, marking this one, without tokens', async () => {
    const email = await person();
    const laptop = await device(email, FIREFOX_LINUX, '203.0.113.10');
    await device(email, SAFARI_IPHONE, '198.51.100.20');
    const res = await laptop.get('/api/account/sessions');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    const mine = res.body.items.find((s: { current: boolean }) => s.current);
    const phone = res.body.items.find((s: { current: boolean }) => !s.current);
    expect(mine.device).toEqual({ browser: 'Firefox', os: 'Linux', type: 'desktop' });
    expect(mine.ipAddress).toBe('203.0.113.10');
    expect(phone.device).toEqual({ browser: 'Safari', os: 'iOS', type: 'mobile' });
    expect(phone.ipAddress).toBe('198.51.100.20');
    for (const s of res.body.items) {
      expect(Object.keys(s).sort()).toEqual(
        ['createdAt', 'current', 'device', 'expiresAt', 'id', 'ipAddress', 'lastActiveAt'].sort(),
      );
    }
    // nothing in the answer is a session token
    const tokens = await server.sql<{ token: string }>(
      'select s.token from session s join "user" u on u.id = s.user_id where u.email = $1',
      [email],
    );
    for (const { token } of tokens) expect(res.text).not.toContain(token);
    // better-auth's own list (which answers with tokens) and end-by-token are switched off
    expect((await laptop.get('/api/auth/list-sessions')).status).toBe(404);
    expect(
      (await laptop.post('/api/auth/revoke-session', { token: tokens[0]!.token })).status,
    ).toBe(404);
  });

  it('ends one device: it is signed out at its next request, the others stay', async () => {
    const email = await person();
    const laptop = await device(email, FIREFOX_LINUX, '203.0.113.11');
    const phone = await device(email, SAFARI_IPHONE, '198.51.100.21');
    expect((await phone.get('/api/me')).status).toBe(200);
    const list = (await laptop.get('/api/account/sessions')).body.items;
    const phoneId = list.find((s: { current: boolean }) => !s.current).id;
    expect((await laptop.delete(`/api/account/sessions/${phoneId}`)).status).toBe(204);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/account/sessions')).body.items).toHaveLength(1);
    const audit = await server.sql<{ outcome: string; record_id: string }>(
      "select outcome, record_id from audit_log where action = 'account.session_end' and record_id = $1",
      [phoneId],
    );
    expect(audit).toEqual([{ outcome: 'success', record_id: phoneId }]);
  });

  it("refuses to end someone else's session (404, audited), and it goes on working", async () => {
    const victim = await person();
    const attacker = await person();
    const victimClient = await device(victim, FIREFOX_LINUX, '203.0.113.12');
    const attackerClient = await device(attacker, FIREFOX_LINUX, '203.0.113.13');
    const victimId = (await victimClient.get('/api/account/sessions')).body.items[0].id;
    const res = await attackerClient.delete(`/api/account/sessions/${victimId}`);
    expect(res.status).toBe(404);
    expect((await victimClient.get('/api/me')).status).toBe(200);
    // and they cannot list it either: each sees only their own
    const theirs = (await attackerClient.get('/api/account/sessions')).body.items;
    expect(theirs.map((s: { id: string }) => s.id)).not.toContain(victimId);
    const audit = await server.sql<{ outcome: string }>(
      "select outcome from audit_log where action = 'account.session_end' and record_id = $1",
      [victimId],
    );
    expect(audit).toEqual([{ outcome: 'failure' }]);
  });

  it('ends every other device at once, keeping this one', async () => {
    const email = await person();
    const here = await device(email, FIREFOX_LINUX, '203.0.113.14');
    const others = [
      await device(email, SAFARI_IPHONE, '198.51.100.22'),
      await device(email, SAFARI_IPHONE, '198.51.100.23'),
    ];
    const res = await here.post('/api/account/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
  });

  it('is for signed-in users only, and refuses odd ids and foreign origins', async () => {
    expect((await server.client().get('/api/account/sessions')).status).toBe(401);
    const email = await person();
    const client = await device(email, FIREFOX_LINUX, '203.0.113.15');
    expect((await client.delete(`/api/account/sessions/${'x'.repeat(500)}`)).status).toBe(400);
    expect((await client.delete('/api/account/sessions/a%00b')).status).toBe(400);
    const foreign = await client.request('POST', '/api/account/sessions/end-others', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await client.get('/api/account/sessions')).body.items).toHaveLength(1);
  });
});
