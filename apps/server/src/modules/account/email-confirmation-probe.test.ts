/**
 * Probe of the sign-up address confirmation (ADR 0042) as an attacker or a confused user would use
 * it. Tests in "findings" FAIL on the code as probed and state the secure behaviour; tests in
 * "held" pass and pin what was tried and resisted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
async function signedUp(
  lang = 'en',
  extra: Record<string, unknown> = {},
): Promise<{ email: string; client: ApiClient; id: string }> {
  const email = `probe-confirm-${++n}-${Date.now()}@example.test`;
  const client = server.client({ ip: `192.0.2.${100 + n}`, lang });
  const up = await client.post('/api/auth/sign-up/email', {
    name: 'Carla Sonda',
    email,
    password: PASSWORD,
    ...extra,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { email, client, id: await server.userId(email) };
}

const mails = (to: string) =>
  server.sql<{ text: string }>(
    `select text from outbox_message where template = 'auth.email_verify' and recipient = $1 order by created_at`,
    [to],
  );
const linkIn = (text: string) => {
  const parsed = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)![0]);
  return `${parsed.pathname}${parsed.search}`;
};
const confirmed = async (client: ApiClient) => (await client.get('/api/account/email')).body;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('findings', () => {
  it('E1 a refused resend (already confirmed) is audited', async () => {
    const { email, client, id } = await signedUp();
    const link = linkIn((await mails(email))[0]!.text);
    expect((await client.get(link)).headers.get('location')).toBe('/settings?email=verified');
    const again = await client.post('/api/account/email/confirmation', {});
    expect(again.status).toBe(409);
    const rows = await server.sql<{ outcome: string }>(
      `select outcome from audit_log where action = 'account.email_confirm_request' and (record_id = $1 or actor_user_id = $1)`,
      [id],
    );
    // observed: no row for the 409
    expect(rows.map((r) => r.outcome)).toContain('denied');
  });
});

describe('held', () => {
  it('sign-up cannot mark its own address confirmed (emailVerified in the body)', async () => {
    const email = `probe-self-${++n}@example.test`;
    const client = server.client({ ip: '192.0.2.250' });
    const up = await client.post('/api/auth/sign-up/email', {
      name: 'Self Verified',
      email,
      password: PASSWORD,
      emailVerified: true,
    });
    expect(up.status).toBeLessThan(500);
    const rows = await server.sql<{ email_verified: boolean }>(
      'select email_verified from "user" where email = $1',
      [email],
    );
    if (rows[0]) expect(rows[0].email_verified).toBe(false);
  });

  it('a forged token (right e-mail, no signature) confirms nothing and does not redirect off-site', async () => {
    const { email, client } = await signedUp();
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ email, exp: 9999999999 })}.AAAA`;
    for (const cb of ['https://evil.example/x', '//evil.example/x', '/settings?email=verified']) {
      const res = await client.get(
        `/api/auth/verify-email?token=${forged}&callbackURL=${encodeURIComponent(cb)}`,
      );
      expect(res.status).toBeLessThan(500);
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith('https://evil.example')).toBe(false);
      expect(location.startsWith('//evil')).toBe(false);
    }
    const none = await client.get(`/api/auth/verify-email?token=${forged}`);
    expect(none.status).toBeLessThan(500);
    const alg = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ email, exp: 9999999999 })}.`;
    expect((await client.get(`/api/auth/verify-email?token=${alg}`)).status).toBeLessThan(500);
    const huge = await client.get(`/api/auth/verify-email?token=${'a.'.repeat(20_000)}`);
    expect(huge.status).toBeLessThan(500);
    expect((await confirmed(client)).confirmed).toBe(false);
  });

  it('the real link with an off-site callbackURL does not redirect off-site', async () => {
    const { email, client } = await signedUp();
    const link = linkIn((await mails(email))[0]!.text).replace(
      /callbackURL=[^&]*/,
      `callbackURL=${encodeURIComponent('https://evil.example/x')}`,
    );
    const res = await client.get(link);
    expect((res.headers.get('location') ?? '').startsWith('https://evil.example')).toBe(false);
  });

  it("another account's link: no session, other account, reuse after an e-mail change", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const linkA = linkIn((await mails(a.email))[0]!.text);
    expect((await b.client.get(linkA)).headers.get('location')).toBe('/settings?email=sign-in');
    expect((await server.client().get(linkA)).headers.get('location')).toBe(
      '/settings?email=sign-in',
    );
    expect((await confirmed(a.client)).confirmed).toBe(false);
    expect((await confirmed(b.client)).confirmed).toBe(false);
    // reuse of the own link after confirming: harmless, stays confirmed
    expect((await a.client.get(linkA)).headers.get('location')).toBe('/settings?email=verified');
    expect((await a.client.get(linkA)).headers.get('location')).toBe('/settings?email=verified');
    expect((await confirmed(a.client)).confirmed).toBe(true);
  });

  it('resend: signed out 401, foreign Origin 403, HTTP path of better-auth off, 409 translated', async () => {
    const { client } = await signedUp('es');
    expect((await server.client().post('/api/account/email/confirmation', {})).status).toBe(401);
    expect((await server.client().get('/api/account/email')).status).toBe(401);
    const cross = await client.request('POST', '/api/account/email/confirmation', {
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect(
      (await client.post('/api/auth/send-verification-email', { email: 'x@example.test' })).status,
    ).toBe(404);
    const es = await signedUp('es');
    const en = await signedUp('en');
    for (const who of [es, en]) {
      const link = linkIn((await mails(who.email))[0]!.text);
      await who.client.get(link);
    }
    const esRes = await es.client.post('/api/account/email/confirmation', {});
    const enRes = await en.client.post('/api/account/email/confirmation', {});
    expect([esRes.status, enRes.status]).toEqual([409, 409]);
    expect(esRes.body.error.code).toBe('email_already_confirmed');
    expect(esRes.body.error.message).not.toBe(enRes.body.error.message);
  });
});
