/**
 * Issue 9, MFA (ADR 0025): TOTP enrolment and sign-in, replayed codes refused, wrong codes lock the
 * account, recovery codes work once, the e-mail code through the outbox, the assurance level on
 * /api/me, aal1 sessions refused on patient data for roles that require MFA, and a password reset
 * that never yields aal2. TOTP codes are computed with `otpauth`, an implementation independent of
 * the product's.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createAccount, DEMO, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
}, 240_000);
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function account(role: 'admin' | 'specialist' | 'researcher' | 'user' = 'specialist') {
  const email = `mfa-${++n}-${Date.now()}@example.test`;
  await createAccount(server, { role, email, name: 'Marta Factor', password: PASSWORD });
  return email;
}

async function signIn(email: string, password = PASSWORD) {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, res };
}

/** The authenticator: the secret of the otpauth:// URI, codes of any time step. */
function authenticator(uri: string) {
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  return { totp, at: (step: number) => totp.generate({ timestamp: step * 30_000 }) };
}

/** The current 30-s step, after waiting out the end of a step (a test's codes stay in the window). */
async function freshStep(): Promise<number> {
  const into = (Date.now() / 1000) % 30;
  if (into > 24) await new Promise((r) => setTimeout(r, (30 - into) * 1000 + 200));
  return Math.floor(Date.now() / 30_000);
}

/** A signed-in account with TOTP enrolled (verified with the code of step `base − 1`). */
async function enrolled(role: 'admin' | 'specialist' | 'researcher' | 'user' = 'specialist') {
  const email = await account(role);
  const { client } = await signIn(email);
  const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const auth = authenticator(enable.body.totpURI as string);
  const base = await freshStep();
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: auth.at(base - 1) });
  expect(verify.status).toBe(200);
  return { email, client, auth, base, backupCodes: enable.body.backupCodes as string[] };
}

describe('TOTP enrolment', () => {
  it('needs the password, gives a URI and ten recovery codes, and is enrolled only once a code is verified', async () => {
    const email = await account();
    const { client } = await signIn(email);
    expect(
      (await client.post('/api/auth/two-factor/enable', { password: 'wrong-password-123' })).status,
    ).toBe(400);
    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    expect(enable.body.totpURI).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(enable.body.backupCodes).toHaveLength(10);
    let me = await client.get('/api/me');
    expect(me.body.mfa).toMatchObject({ aal: 1, enrolled: false, stepUpNeeded: false });
    // not verified yet: signing in asks for nothing
    expect((await signIn(email)).res.body.twoFactorRedirect).toBeUndefined();

    const auth = authenticator(enable.body.totpURI as string);
    const step = await freshStep();
    const wrong = await client.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    const ok = await client.post('/api/auth/two-factor/verify-totp', { code: auth.at(step) });
    expect(ok.status).toBe(200);
    me = await client.get('/api/me');
    expect(me.body.mfa).toMatchObject({ aal: 2, enrolled: true, required: true });
    // secrets and recovery codes are stored encrypted
    const [row] = await server.sql<{ secret: string; backup_codes: string }>(
      'select secret, backup_codes from two_factor tf join "user" u on u.id = tf.user_id where u.email = $1',
      [email],
    );
    expect(row!.secret).not.toContain(auth.totp.secret.base32);
    expect(row!.backup_codes).not.toContain((enable.body.backupCodes as string[])[0]);
  });
});

describe('sign-in with TOTP', () => {
  it('asks for the second step, signs in with a code as aal2, refuses the same code again', async () => {
    const { email, auth, base } = await enrolled();
    const first = await signIn(email);
    expect(first.res.status).toBe(200);
    expect(first.res.body).toMatchObject({ twoFactorRedirect: true });
    expect(first.res.body.twoFactorMethods).toEqual(expect.arrayContaining(['totp', 'otp']));
    expect((await first.client.get('/api/me')).status).toBe(401); // no session before the factor

    const code = auth.at(base);
    const ok = await first.client.post('/api/auth/two-factor/verify-totp', { code });
    expect(ok.status).toBe(200);
    const me = await first.client.get('/api/me');
    expect(me.body.mfa).toMatchObject({ aal: 2, enrolled: true, stepUpNeeded: false });
    expect((await first.client.get('/api/patients')).status).toBe(200);

    // the same code, seen by someone else, in a new sign-in: refused (better-auth alone accepts it)
    const second = await signIn(email);
    const replay = await second.client.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('CODE_ALREADY_USED');
    // so is an older code still inside the window
    const older = await second.client.post('/api/auth/two-factor/verify-totp', {
      code: auth.at(base - 1),
    });
    expect(older.status).toBe(401);
    expect((await second.client.get('/api/me')).status).toBe(401);
    // the next step's code works
    const next = await second.client.post('/api/auth/two-factor/verify-totp', {
      code: auth.at(base + 1),
    });
    expect(next.status).toBe(200);
  });

  it('wrong codes lock the account (not the address): even the right code and password are refused', async () => {
    const { email, auth, base } = await enrolled();
    const { client } = await signIn(email);
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/two-factor/verify-totp', {
        code: String(100000 + i),
      });
      expect(res.status).toBe(401);
    }
    const right = await client.post('/api/auth/two-factor/verify-totp', { code: auth.at(base) });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    // the password step is locked too, for this account only
    const again = await signIn(email);
    expect(again.res.status).toBe(429);
    expect(again.res.body.code).toBe('ACCOUNT_LOCKED');
    const other = await server.signIn(DEMO.researcher);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('a recovery code works once', async () => {
    const { email, backupCodes } = await enrolled();
    const first = await signIn(email);
    const ok = await first.client.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(ok.status).toBe(200);
    expect((await first.client.get('/api/me')).body.mfa.aal).toBe(2);
    const second = await signIn(email);
    const reused = await second.client.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(reused.status).toBe(401);
    expect((await second.client.get('/api/me')).status).toBe(401);
    // regenerating needs the password and replaces every code
    const regen = await first.client.post('/api/auth/two-factor/generate-backup-codes', {
      password: PASSWORD,
    });
    expect(regen.status).toBe(200);
    expect(regen.body.backupCodes).toHaveLength(10);
    const third = await signIn(email);
    const old = await third.client.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[1],
    });
    expect(old.status).toBe(401);
  });

  it('the e-mail code goes through the outbox, in the language of the request, and gives aal2', async () => {
    const { email } = await enrolled();
    const client = server.client({ lang: 'es' });
    await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await client.post('/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const [row] = await server.sql<{ text: string; language: string }>(
      "select text, language from outbox_message where template = 'auth.mfa_code' and recipient = $1 order by created_at desc",
      [email],
    );
    expect(row!.language).toBe('es');
    const code = /: (\d{6})/.exec(row!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await client.post('/api/auth/two-factor/verify-otp', {
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.status).toBe(401);
    const ok = await client.post('/api/auth/two-factor/verify-otp', { code });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/me')).body.mfa.aal).toBe(2);
    // single use
    const again = server.client();
    await again.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await again.post('/api/auth/two-factor/verify-otp', { code })).status).toBe(400);
  });

  it('at most five codes an account in 15 minutes, whatever the session (issue 22 item 18)', async () => {
    const { email } = await enrolled();
    const client = server.client();
    await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/auth/two-factor/send-otp', {})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // another session of the same account is refused too; nothing more was sent
    const other = server.client({ ip: '198.51.100.201' });
    await other.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const refused = await other.post('/api/auth/two-factor/send-otp', {});
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('MFA_CODES_LIMIT');
    const [sent] = await server.sql<{ n: string }>(
      "select count(*)::text as n from outbox_message where template = 'auth.mfa_code' and recipient = $1",
      [email],
    );
    expect(Number(sent!.n)).toBe(5);
    // the latest code still signs in
    const [row] = await server.sql<{ text: string }>(
      "select text from outbox_message where template = 'auth.mfa_code' and recipient = $1 order by created_at desc limit 1",
      [email],
    );
    const code = /: (\d{6})/.exec(row!.text)?.[1];
    expect((await client.post('/api/auth/two-factor/verify-otp', { code })).status).toBe(200);
  });
});

describe('the assurance level on patient data', () => {
  it('refuses an aal1 session of a role that requires MFA with mfa_required, audited; a step-up lets it in', async () => {
    const email = await account('specialist');
    const before = await signIn(email); // a session from before the enrolment: aal1
    const { auth, base } = await (async () => {
      const { client } = await signIn(email);
      const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
      const a = authenticator(enable.body.totpURI as string);
      const b = await freshStep();
      expect(
        (await client.post('/api/auth/two-factor/verify-totp', { code: a.at(b - 1) })).status,
      ).toBe(200);
      return { auth: a, base: b };
    })();
    const c = before.client;
    const me = await c.get('/api/me');
    expect(me.body.mfa).toMatchObject({
      aal: 1,
      enrolled: true,
      required: true,
      stepUpNeeded: true,
    });
    for (const path of ['/api/patients', '/api/appointments', '/api/tasks', '/api/dashboard']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.error.code, path).toBe('mfa_required');
    }
    const es = await c.get('/api/patients', { 'accept-language': 'es' });
    expect(es.body.error.message).toMatch(/segundo factor/);
    const [audit] = await server.sql<{ details: { reason: string } }>(
      "select details from audit_log where action = 'access.denied' and details->>'reason' = 'mfa_required' order by id desc limit 1",
    );
    expect(audit!.details.reason).toBe('mfa_required');
    // own account routes still answer
    expect((await c.get('/api/account/sessions')).status).toBe(200);
    // step up in the same session
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: auth.at(base) })).status).toBe(
      200,
    );
    expect((await c.get('/api/me')).body.mfa).toMatchObject({ aal: 2, stepUpNeeded: false });
    expect((await c.get('/api/patients')).status).toBe(200);
  });

  it('the aal cannot be set by the client, and a patient (not required by default) is not refused', async () => {
    const email = await account('user');
    const { client } = await signIn(email);
    await client.post('/api/auth/update-user', { aal: 2, twoFactorEnabled: true });
    const rows = await server.sql<{ aal: number; two_factor_enabled: boolean }>(
      'select s.aal, u.two_factor_enabled from session s join "user" u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(rows).toEqual([{ aal: 1, two_factor_enabled: false }]);
    const patient = await enrolled('user');
    expect((await patient.client.get('/api/me')).body.mfa).toMatchObject({
      enrolled: true,
      required: false,
    });
  });

  it('the admin setting changes a role; only users:edit may; audited', async () => {
    const email = await account('researcher');
    const stale = await signIn(email);
    const { client } = await signIn(email);
    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const a = authenticator(enable.body.totpURI as string);
    const step = await freshStep();
    await client.post('/api/auth/two-factor/verify-totp', { code: a.at(step) });
    expect((await stale.client.get('/api/patients')).status).toBe(403);

    expect(
      (await client.put('/api/mfa/policy', { role: 'researcher', required: false })).status,
    ).toBe(403);
    const admin = await server.signIn(DEMO.admin);
    const policy = await admin.get('/api/mfa/policy');
    expect(policy.body.roles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'researcher', required: true, enforced: false }),
        expect.objectContaining({ role: 'user', required: false, enforced: false }),
      ]),
    );
    const bad = await admin.put('/api/mfa/policy', { role: 'researcher', required: 'no' });
    expect(bad.status).toBe(400);
    const unknown = await admin.put('/api/mfa/policy', {
      role: 'researcher',
      required: false,
      x: 1,
    });
    expect(unknown.status).toBe(400);
    const off = await admin.put('/api/mfa/policy', { role: 'researcher', required: false });
    expect(off.status).toBe(200);
    expect((await stale.client.get('/api/patients')).status).toBe(200);
    expect(
      (await server.sql("select 1 from audit_log where action = 'mfa.policy_edit'")).length,
    ).toBeGreaterThan(0);
    await admin.put('/api/mfa/policy', { role: 'researcher', required: true });
    expect((await stale.client.get('/api/patients')).status).toBe(403);
  });

  it('demo accounts (no factor) are not held to it', async () => {
    const c = await server.signIn(DEMO.specialist);
    expect((await c.get('/api/me')).body.mfa).toMatchObject({ aal: 1, enrolled: false });
    expect((await c.get('/api/patients')).status).toBe(200);
  });
});

describe('no path to aal2 without the factor', () => {
  it('an aal1 session of an enrolled user may neither change the factor nor lift the policy', async () => {
    const email = await account('admin');
    const before = await signIn(email); // a session from before the enrolment: aal1
    const { client } = await signIn(email);
    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const auth = authenticator(enable.body.totpURI as string);
    const step = await freshStep();
    expect(
      (await client.post('/api/auth/two-factor/verify-totp', { code: auth.at(step - 1) })).status,
    ).toBe(200);
    const stale = before.client;
    expect((await stale.get('/api/me')).body.mfa).toMatchObject({ aal: 1, enrolled: true });
    // the policy can be read, not changed
    expect((await stale.get('/api/mfa/policy')).status).toBe(200);
    const lift = await stale.put('/api/mfa/policy', { role: 'admin', required: false });
    expect(lift.status).toBe(403);
    expect(lift.body.error.code).toBe('mfa_required');
    // with the password alone: no new recovery codes, no turning it off, no new secret
    for (const path of ['generate-backup-codes', 'disable', 'enable', 'get-totp-uri']) {
      const res = await stale.post(`/api/auth/two-factor/${path}`, { password: PASSWORD });
      expect(res.status, path).toBe(403);
    }
    expect((await stale.get('/api/me')).body.mfa).toMatchObject({ aal: 1, enrolled: true });
    expect((await stale.get('/api/patients')).status).toBe(403);
    // the aal2 session still manages its factor
    expect(
      (await client.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('a password reset ends the sessions, and the next sign-in still asks for the factor', async () => {
    const { email, client, auth, base } = await enrolled();
    expect((await client.get('/api/me')).body.mfa.aal).toBe(2);
    await server.client().post('/api/auth/request-password-reset', { email });
    const [row] = await server.sql<{ text: string }>(
      "select text from outbox_message where template = 'auth.password_reset' and recipient = $1 order by created_at desc",
      [email],
    );
    const token = /token=([\w-]+)/.exec(row!.text)?.[1];
    const NEW = 'another-long-passphrase-99';
    const reset = await server
      .client()
      .post('/api/auth/reset-password', { token, newPassword: NEW });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    const after = await signIn(email, NEW);
    expect(after.res.body.twoFactorRedirect).toBe(true);
    expect((await after.client.get('/api/me')).status).toBe(401);
    // refreshing the session (better-auth's get-session) does not raise it either
    await after.client.post('/api/auth/two-factor/verify-totp', { code: auth.at(base + 1) });
    const rows = await server.sql<{ aal: number }>(
      'select s.aal from session s join "user" u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(rows.map((r) => r.aal)).toEqual([2]);
  });

  it('a session that did not verify a factor stays aal1 through refreshes', async () => {
    const email = await account();
    const { client } = await signIn(email);
    await client.get('/api/auth/get-session');
    const rows = await server.sql<{ aal: number }>(
      'select s.aal from session s join "user" u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(rows.map((r) => r.aal)).toEqual([1]);
  });

  it('a second-factor request without a challenge is refused, with bad input answered, not a 500', async () => {
    const c = new ApiClient(server.url);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    for (const body of [
      { code: 12 },
      { code: 'x'.repeat(100_000) },
      { code: '12\u00003456' },
      {},
    ]) {
      const res = await c.post('/api/auth/two-factor/verify-totp', body);
      expect(res.status, JSON.stringify(body).slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
