/**
 * Confirming the sign-up address (issue 9, ADR 0042): sign-up sends a link in the request's
 * language; it confirms the address only in the browser signed in to that account (opened without
 * a session, or by another account, it changes nothing); /settings asks for it again (at most one
 * message a minute, refused once confirmed, never through better-auth's own HTTP path). A confirmed
 * patient keeps the password on a first sign-in by e-mail code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@painlab/shared/errors';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
async function signedUp(lang = 'en'): Promise<{ email: string; client: ApiClient }> {
  const email = `confirm-${++n}-${Date.now()}@example.test`;
  const client = server.client({ ip: `198.51.100.${n}`, lang });
  const res = await client.signUp({ name: 'Carmen Confirma', email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { email, client };
}

const mails = (to: string) =>
  server.sql<{ text: string; subject: string | null; language: string | null }>(
    `select text, subject, language from outbox_message where template = 'auth.email_verify' and recipient = $1 order by created_at`,
    [to],
  );
const linkIn = (text: string) => {
  const url = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
  expect(url).toBeTruthy();
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
};
const confirmed = async (client: ApiClient) => (await client.get('/api/account/email')).body;

describe('confirming the sign-up address', () => {
  it('sign-up sends the link in the request language; it confirms only in this account’s browser', async () => {
    const { email, client } = await signedUp('es');
    expect(await confirmed(client)).toEqual({ email, confirmed: false });
    const [mail] = await mails(email);
    expect(mail).toBeDefined();
    expect(mail!.language).toBe('es');
    expect(mail!.text).toContain('Confírmela aquí');
    const link = linkIn(mail!.text);

    const anonymous = await server.client().request('GET', link);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/settings?email=sign-in');
    const other = await signedUp();
    const wrong = await other.client.request('GET', link);
    expect(wrong.headers.get('location')).toBe('/settings?email=sign-in');
    expect((await confirmed(client)).confirmed).toBe(false);
    expect((await confirmed(other.client)).confirmed).toBe(false);

    const done = await client.request('GET', link);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/settings?email=verified');
    expect((await confirmed(client)).confirmed).toBe(true);
  });

  it('/settings sends it again at most once a minute, and refuses once confirmed', async () => {
    const { email, client } = await signedUp();
    const first = await client.post('/api/account/email/confirmation', {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sent: true });
    expect((await client.post('/api/account/email/confirmation', {})).status).toBe(200);
    // sign-up's link and one more in the same minute at most (the dedupe key)
    const sent = await mails(email);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    const audit = await server.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'account.email_confirm_request' and record_id = $1`,
      [await server.userId(email)],
    );
    expect(audit[0]!.n).toBe(2);

    expect((await client.request('GET', linkIn(sent.at(-1)!.text))).status).toBe(302);
    const again = await client.post('/api/account/email/confirmation', {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_already_confirmed');
    const es = server.client({ lang: 'es' });
    await es.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await es.post('/api/account/email/confirmation', {})).body.error.message).toBe(
      errorMessage('email_already_confirmed', 'es'),
    );
  });

  it('needs a session, and better-auth’s own path stays off', async () => {
    const anonymous = server.client();
    expect((await anonymous.post('/api/account/email/confirmation', {})).status).toBe(401);
    expect((await anonymous.get('/api/account/email')).status).toBe(401);
    const { email, client } = await signedUp();
    const before = (await mails(email)).length;
    expect(
      (await client.post('/api/auth/send-verification-email', { email, callbackURL: '/' })).status,
    ).toBe(404);
    expect((await anonymous.post('/api/auth/send-verification-email', { email })).status).toBe(404);
    expect((await mails(email)).length).toBe(before);
  });

  it('a confirmed patient keeps the password on a first sign-in by e-mail code', async () => {
    const { email, client } = await signedUp();
    const [mail] = await mails(email);
    await client.request('GET', linkIn(mail!.text));
    await server
      .client()
      .post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const [row] = await server.sql<{ text: string }>(
      `select text from outbox_message where template = 'auth.sign_in_code' and recipient = $1`,
      [email],
    );
    const code = /\b(\d{6})\b/.exec(row!.text)![1]!;
    const byCode = server.client();
    expect((await byCode.post('/api/auth/sign-in/email-otp', { email, otp: code })).status).toBe(
      200,
    );
    expect(
      (await server.client().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
  });
});
