/**
 * Changing the sign-in e-mail (issue 9, docs/auth.md): the current password is required (wrong:
 * 400, audited, nothing sent); the link goes to the new address and the current one is told; the
 * change happens only when the link is opened by this account's signed-in browser (opened without
 * a session, or by another account, it changes nothing and opens no session); better-auth's HTTP
 * path is refused; a taken address answers the same and sends no link; bad input is refused.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DEMO, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  // each account its own client address (the route's per-address limit is not what is tested)
  server = await startTestServer({ OUTBOX_POLL_MS: '60000', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
async function account() {
  const email = `mail-${++n}-${Date.now()}@example.test`;
  const created = await createAccount(server, {
    role: 'user',
    email,
    name: 'Lucía Correo',
    password: PASSWORD,
  });
  const client = server.client({ ip: `198.51.100.${n}` });
  expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(
    200,
  );
  return { id: created.id, email, client };
}

const emailOf = async (id: string) =>
  (await server.sql<{ email: string }>('select email from "user" where id = $1', [id]))[0]!.email;
const outbox = (template: string, to: string) =>
  server.sql<{ text: string }>(
    'select text from outbox_message where template = $1 and recipient = $2',
    [template, to],
  );
const linkIn = (text: string) => {
  const url = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
  expect(url).toBeTruthy();
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
};
const audits = (id: string, outcome: string) =>
  server.sql<{ n: number }>(
    `select count(*)::int as n from audit_log where action = 'account.email_change' and record_id = $1 and outcome = $2`,
    [id, outcome],
  );

describe('changing the sign-in e-mail', () => {
  it('needs the current password; the link to the new address makes the change in this account’s browser only', async () => {
    const a = await account();
    const next = `nuevo-${n}-${Date.now()}@example.test`;

    const wrong = await a.client.post(
      '/api/account/email',
      { newEmail: next, password: 'not-the-password-at-all' },
      { 'accept-language': 'es' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([
      { path: 'password', code: 'wrong_password', message: 'wrong_password' },
    ]);
    expect(await outbox('auth.email_change_verify', next)).toHaveLength(0);
    expect((await audits(a.id, 'denied'))[0]!.n).toBe(1);

    const ok = await a.client.post('/api/account/email', { newEmail: next, password: PASSWORD });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ sent: true });
    const [verify] = await outbox('auth.email_change_verify', next);
    expect(verify!.text).toContain('Confirm it here');
    expect(await outbox('auth.email_change_notice', a.email)).toHaveLength(1);
    expect(await emailOf(a.id)).toBe(a.email); // nothing changed yet
    const link = linkIn(verify!.text);

    // opened without a session: sent to sign in, nothing changes, no session is opened
    const stranger = server.client();
    const noSession = await stranger.request('GET', link);
    expect(noSession.status).toBe(302);
    expect(noSession.headers.get('location')).toBe('/settings?email=sign-in');
    expect(noSession.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    // opened in another account's browser: the same
    const other = await account();
    const wrongAccount = await other.client.request('GET', link);
    expect(wrongAccount.headers.get('location')).toBe('/settings?email=sign-in');
    expect(await emailOf(a.id)).toBe(a.email);
    expect(await emailOf(other.id)).toBe(other.email);

    // opened by the account itself: changed
    const done = await a.client.request('GET', link);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/settings?email=changed');
    expect(await emailOf(a.id)).toBe(next);
    // the account's own session shows the new address at once (the session cache was cleared)
    expect((await a.client.get('/api/me')).body.user.email).toBe(next);
    const fresh = server.client();
    expect(
      (await fresh.post('/api/auth/sign-in/email', { email: next, password: PASSWORD })).status,
    ).toBe(200);
    expect(
      (
        await server
          .client()
          .post('/api/auth/sign-in/email', { email: a.email, password: PASSWORD })
      ).status,
    ).toBe(401);
  });

  it('refuses better-auth’s own path, a taken address gets no link, and bad input is refused', async () => {
    const a = await account();
    const direct = await a.client.post('/api/auth/change-email', {
      newEmail: `directo-${Date.now()}@example.test`,
    });
    expect(direct.status).toBe(403);
    expect(direct.body.code).toBe('REAUTHENTICATION_REQUIRED');

    const taken = await a.client.post('/api/account/email', {
      newEmail: DEMO.admin,
      password: PASSWORD,
    });
    expect(taken.status).toBe(200);
    expect(await outbox('auth.email_change_verify', DEMO.admin)).toHaveLength(0);

    const same = await a.client.post('/api/account/email', {
      newEmail: a.email,
      password: PASSWORD,
    });
    expect(same.status).toBe(400);
    for (const body of [
      { newEmail: 'no-es-un-correo', password: PASSWORD },
      { newEmail: `x${'y'.repeat(260)}@example.test`, password: PASSWORD },
      { newEmail: 'ok@example.test' },
      { newEmail: 'ok@example.test', password: PASSWORD, extra: 1 },
      { newEmail: 'ok\u0000@example.test', password: PASSWORD },
    ]) {
      const res = await a.client.post('/api/account/email', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await server.client().post('/api/account/email', { newEmail: 'a@b.test', password: 'x' }))
        .status,
    ).toBe(401);
    // nobody may ask for verification links to be sent
    const send = await a.client.post('/api/auth/send-verification-email', { email: a.email });
    expect(send.status).toBe(404);
  });

  it('with a second factor, an aal1 session may not change the address, nor open the link', async () => {
    const a = await account();
    // a second session, made before the factor existed, stays aal1
    const older = server.client({ ip: '198.51.100.200' });
    await older.post('/api/auth/sign-in/email', { email: a.email, password: PASSWORD });
    const enable = await a.client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
    expect(
      (await a.client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status,
    ).toBe(200);
    const next = `aal-${n}-${Date.now()}@example.test`;
    const refused = await older.post('/api/account/email', { newEmail: next, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('mfa_required');
    expect(await outbox('auth.email_change_verify', next)).toHaveLength(0);
    // from the aal2 session it goes; its link opened by the aal1 session changes nothing
    expect(
      (await a.client.post('/api/account/email', { newEmail: next, password: PASSWORD })).status,
    ).toBe(200);
    const link = linkIn((await outbox('auth.email_change_verify', next))[0]!.text);
    expect((await older.request('GET', link)).headers.get('location')).toBe(
      '/settings?email=sign-in',
    );
    expect(await emailOf(a.id)).toBe(a.email);
    expect((await a.client.request('GET', link)).headers.get('location')).toBe(
      '/settings?email=changed',
    );
    expect(await emailOf(a.id)).toBe(next);
  });

  it('wrong passwords lock the account as at sign-in; an address taken meanwhile is not a 500', async () => {
    const a = await account();
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        (
          await a.client.post('/api/account/email', {
            newEmail: 'x@example.test',
            password: `wrong-${i}-password`,
          })
        ).status,
      );
    expect(tries).toEqual([400, 400, 400, 400, 400]);
    const locked = await a.client.post('/api/account/email', {
      newEmail: 'x@example.test',
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);

    const b = await account();
    const next = `tomada-${n}-${Date.now()}@example.test`;
    expect(
      (await b.client.post('/api/account/email', { newEmail: next, password: PASSWORD })).status,
    ).toBe(200);
    const link = linkIn((await outbox('auth.email_change_verify', next))[0]!.text);
    await createAccount(server, { role: 'user', email: next, name: 'Otra', password: PASSWORD });
    const taken = await b.client.request('GET', link);
    expect(taken.status).toBe(302);
    expect(taken.headers.get('location')).toBe('/settings?email=taken');
    expect(await emailOf(b.id)).toBe(b.email);
  });
});
