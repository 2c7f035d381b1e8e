/**
 * Issue 9: password recovery. A reset link goes out through the outbox (over real SMTP when set),
 * in the language of the request; asking for an unknown address answers the same and sends
 * nothing; the token is stored only as a hash, works once and expires; the new password passes
 * the password policy; a reset ends every session of the account and lifts a sign-in lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestServer } from '../test/harness';
import { startSmtpSink, waitForMail, type SmtpSink } from '../test/smtp-sink';

let smtp: SmtpSink;
let server: TestServer;
const OLD = 'old-password-long-enough-1';
const NEW = 'brand-new-passphrase-42';

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Pain Lab <clinic@painlab.test>',
    OUTBOX_POLL_MS: '100',
  });
}, 240_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let n = 0;
async function account() {
  const email = `reset-${++n}-${Date.now()}@example.test`;
  await createAccount(server, { role: 'user', email, name: 'Rosa Reset', password: OLD });
  return email;
}

const ask = (email: string, lang = 'en') =>
  server.client({ lang }).post('/api/auth/request-password-reset', { email });

/**
 * The reset messages queued for `email` (newest first), and the link of the one delivered over SMTP.
 * The link is read from the mail itself: once delivered, the outbox's copy no longer holds it
 * (ADR 0013's amendment).
 */
async function queuedLink(email: string) {
  const [mail] = await waitForMail(smtp, email);
  const rows = await server.sql<{ text: string; language: string | null; subject: string }>(
    "select text, language, subject from outbox_message where template = 'auth.password_reset' and recipient = $1 order by created_at desc",
    [email],
  );
  // quoted-printable: soft line breaks and '=' written as '=3D'
  const raw = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const url = /https?:\/\/\S+?\/reset-password\?token=([\w-]+)/.exec(raw);
  return { rows, token: url?.[1] ?? null, url: url?.[0] ?? null };
}

describe('password recovery', () => {
  it('answers a known and an unknown address alike; only the known one gets a message', async () => {
    const email = await account();
    const known = await ask(email);
    const unknown = await ask(`nobody-${Date.now()}@example.test`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const { rows, url } = await queuedLink(email);
    expect(rows).toHaveLength(1);
    expect(url).toMatch(new RegExp(`^${server.url}/reset-password\\?token=`));
    expect(rows[0]!.language).toBe('en');
    const unknownRows = await server.sql(
      "select 1 from outbox_message where template = 'auth.password_reset' and recipient like 'nobody-%'",
    );
    expect(unknownRows).toHaveLength(0);
    // delivered over SMTP with the link
    const mails = await waitForMail(smtp, email);
    expect(mails[0]!.raw).toContain('reset-password?token=');
  });

  it('writes in the language of the request (Spanish here), and keeps only a hash of the token', async () => {
    const email = await account();
    expect((await ask(email, 'es')).status).toBe(200);
    const { rows, token } = await queuedLink(email);
    expect(rows[0]!.language).toBe('es');
    expect(rows[0]!.text).toMatch(/restablecer la contraseña/);
    expect(token).toBeTruthy();
    const stored = await server.sql<{ identifier: string }>(
      "select identifier from verification where identifier not like 'dummy%'",
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.identifier).not.toContain(token!);
  });

  it('sets the new password once: the link cannot be used again, and every session ends', async () => {
    const email = await account();
    const elsewhere = await server.signIn(email, OLD);
    const here = await server.signIn(email, OLD);
    expect((await elsewhere.get('/api/me')).status).toBe(200);
    await ask(email);
    const { token } = await queuedLink(email);

    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, newPassword: NEW });
    expect(reset.status).toBe(200);
    // both earlier sessions are gone (the session cache is cleared by any auth write)
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(401);
    // the old password no longer works, the new one does
    const oldSignIn = await server
      .client()
      .post('/api/auth/sign-in/email', { email, password: OLD });
    expect(oldSignIn.status).toBe(401);
    await server.signIn(email, NEW);
    // the same link again: refused, nothing changes
    const again = await server
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'yet-another-passphrase-9' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    await server.signIn(email, NEW);
  });

  it('refuses a tampered or expired link, and a weak new password, changing nothing', async () => {
    const email = await account();
    await ask(email);
    const { token } = await queuedLink(email);
    const tampered = await server
      .client()
      .post('/api/auth/reset-password', { token: `${token!.slice(0, -1)}x`, newPassword: NEW });
    expect(tampered.status).toBe(400);
    expect(tampered.body.code).toBe('INVALID_TOKEN');
    const weak = await server
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'password1234' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_TOO_COMMON');
    // the weak attempt did not use the link up; make it expire, then it is refused
    await server.sql("update verification set expires_at = now() - interval '1 minute'");
    const expired = await server
      .client()
      .post('/api/auth/reset-password', { token, newPassword: NEW });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_TOKEN');
    await server.signIn(email, OLD);
  });

  it('lifts a sign-in lock of the account', async () => {
    const email = await account();
    const client = server.client({ ip: '198.51.100.7' });
    for (let i = 0; i < 5; i++)
      await client.post('/api/auth/sign-in/email', { email, password: `wrong-${i}-password` });
    expect((await client.post('/api/auth/sign-in/email', { email, password: OLD })).status).toBe(
      429,
    );
    await ask(email);
    const { token } = await queuedLink(email);
    expect(
      (await server.client().post('/api/auth/reset-password', { token, newPassword: NEW })).status,
    ).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email, password: NEW })).status).toBe(
      200,
    );
  });

  it('sends at most one message a minute per account, however often it is asked', async () => {
    const email = await account();
    const answers = await Promise.all([ask(email), ask(email), ask(email)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await queuedLink(email)).rows).toHaveLength(1);
  });
});
