/**
 * Issue 9, the administrator's "reset MFA" tool (`POST /api/users/{id}/mfa-reset`): only users:edit
 * may; the account's TOTP secret, recovery codes and e-mail code factor go, every session of it
 * ends, it is told by e-mail (outbox, its language), the change is audited; never one's own
 * account, never an account without a factor. TOTP codes come from `otpauth`, not the product.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  createAccount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
  admin = await server.signIn(DEMO.admin);
}, 240_000);
afterAll(() => server?.close());

let n = 0;
async function account(role: 'admin' | 'specialist' | 'researcher' | 'user' = 'specialist') {
  const email = `reset-${++n}-${Date.now()}@example.test`;
  const created = await createAccount(server, {
    role,
    email,
    name: 'Marta Factor',
    password: PASSWORD,
  });
  return { id: created.id, email };
}

async function signIn(email: string) {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  return { client, res };
}

/** A signed-in (aal2) account with TOTP and recovery codes enrolled. */
async function enrolled(role: 'admin' | 'specialist' | 'researcher' | 'user' = 'specialist') {
  const { id, email } = await account(role);
  const { client } = await signIn(email);
  const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
  expect(verify.status).toBe(200);
  expect((await client.get('/api/me')).body.mfa).toMatchObject({ aal: 2, enrolled: true });
  return { id, email, client, backupCodes: enable.body.backupCodes as string[] };
}

const factorsOf = async (id: string) => {
  const [row] = await server.sql<{ enabled: boolean; factors: string; steps: string }>(
    `select u.two_factor_enabled as enabled,
       (select count(*)::text from two_factor where user_id = u.id) as factors,
       (select count(*)::text from mfa_totp_step where user_id = u.id) as steps
     from "user" u where u.id = $1`,
    [id],
  );
  return row;
};

describe('POST /api/users/{id}/mfa-reset', () => {
  it.each(['specialist', 'researcher', 'user'] as const)(
    'is refused to %s (403), changing nothing',
    async (role) => {
      const target = await enrolled();
      const other = await server.signIn(DEMO[role]);
      const before = await factorsOf(target.id);
      const res = await other.post(`/api/users/${target.id}/mfa-reset`, {});
      expect(res.status).toBe(403);
      expect(await factorsOf(target.id)).toEqual(before);
      expect((await target.client.get('/api/me')).status).toBe(200);
    },
  );

  it('is refused without a session (401)', async () => {
    const target = await enrolled();
    expect((await server.client().post(`/api/users/${target.id}/mfa-reset`, {})).status).toBe(401);
    expect((await factorsOf(target.id))!.enabled).toBe(true);
  });

  it("removes an account's factors, ends its sessions, tells it by e-mail and is audited", async () => {
    const target = await enrolled();
    // the account is open on a second device too (signed in with password and code)
    const list = await admin.get(`/api/users?q=${encodeURIComponent(target.email)}`);
    expect(list.body.items[0]).toMatchObject({ id: target.id, mfaEnrolled: true });
    // its language is known from its requests
    await server.sql(
      `insert into account_language (user_id, language) values ($1, 'es')
       on conflict (user_id) do update set language = 'es'`,
      [target.id],
    );
    const audits = await auditCount(server, 'users.mfa_reset');

    const res = await admin.post(`/api/users/${target.id}/mfa-reset`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, email: target.email, mfaEnrolled: false });

    expect(await factorsOf(target.id)).toEqual({ enabled: false, factors: '0', steps: '0' });
    // signed out at once, though its session had been looked up (cached)
    expect((await target.client.get('/api/me')).status).toBe(401);
    const [sessions] = await server.sql<{ n: string }>(
      'select count(*)::text as n from session where user_id = $1',
      [target.id],
    );
    expect(sessions!.n).toBe('0');
    // a password alone signs in again now (no second step), at aal1, with nothing enrolled
    const again = await signIn(target.email);
    expect(again.res.status).toBe(200);
    expect(again.res.body.twoFactorRedirect).toBeUndefined();
    expect((await again.client.get('/api/me')).body.mfa).toMatchObject({
      aal: 1,
      enrolled: false,
    });
    // the old recovery codes are gone with the factor
    const backup = await again.client.post('/api/auth/two-factor/verify-backup-code', {
      code: target.backupCodes[0],
    });
    expect(backup.status).toBeGreaterThanOrEqual(400);

    const [mail] = await server.sql<{ text: string; language: string; subject: string }>(
      "select text, language, subject from outbox_message where template = 'auth.mfa_reset' and recipient = $1",
      [target.email],
    );
    expect(mail!.language).toBe('es');
    expect(mail!.subject).toContain('verificación en dos pasos');
    expect(mail!.text).toContain('/settings');

    expect(await auditCount(server, 'users.mfa_reset')).toBe(audits + 1);
    const [row] = await server.sql<{
      outcome: string;
      record_id: string;
      details: Record<string, unknown>;
    }>(
      "select outcome, record_id, details from audit_log where action = 'users.mfa_reset' order by id desc limit 1",
    );
    expect(row).toMatchObject({
      outcome: 'success',
      record_id: target.id,
      details: { factors: 1, sessionsEnded: 1 },
    });
    expect(
      (await admin.get(`/api/users?q=${encodeURIComponent(target.email)}`)).body.items[0],
    ).toMatchObject({ mfaEnrolled: false });
  });

  it("refuses an administrator's own account (409), audited, changing nothing", async () => {
    const self = await enrolled('admin');
    const denied = await auditCount(server, 'users.mfa_reset');
    const res = await self.client.post(`/api/users/${self.id}/mfa-reset`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('mfa_self_reset_forbidden');
    expect(await factorsOf(self.id)).toMatchObject({ enabled: true, factors: '1' });
    expect((await self.client.get('/api/me')).status).toBe(200);
    expect(await auditCount(server, 'users.mfa_reset')).toBe(denied + 1);
    const [row] = await server.sql<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where action = 'users.mfa_reset' order by id desc limit 1",
    );
    expect(row).toMatchObject({
      outcome: 'denied',
      details: { reason: 'mfa_self_reset_forbidden' },
    });
  });

  it('another administrator (aal2) may reset an administrator', async () => {
    const other = await enrolled('admin');
    const self = await enrolled('admin');
    const res = await self.client.post(`/api/users/${other.id}/mfa-reset`, {});
    expect(res.status).toBe(200);
    expect((await other.client.get('/api/me')).status).toBe(401);
  });

  it('a passkey is a factor: listed as enrolled, removed by the reset', async () => {
    const { id, email } = await account();
    // the row as better-auth's passkey plugin stores one (its ceremony is tested in auth/passkeys)
    await server.sql(
      `insert into passkey (id, name, public_key, user_id, credential_id, counter, device_type, backed_up, created_at)
       values ($1, 'Portátil', 'pk', $2, $3, 0, 'singleDevice', false, now())`,
      [`pk-${id}`, id, `cred-${id}`],
    );
    const listed = await admin.get(`/api/users?q=${encodeURIComponent(email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ id, mfaEnrolled: true })]);
    const res = await admin.post(`/api/users/${id}/mfa-reset`, {});
    expect(res.status).toBe(200);
    expect(res.body.mfaEnrolled).toBe(false);
    expect(await server.sql('select id from passkey where user_id = $1', [id])).toEqual([]);
  });

  it('refuses an account without a factor (409) and an unknown id (404), sending nothing', async () => {
    const plain = await account();
    const { client } = await signIn(plain.email);
    const res = await admin.post(
      `/api/users/${plain.id}/mfa-reset`,
      {},
      {
        'accept-language': 'es',
      },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('mfa_not_enrolled');
    expect(res.body.error.message).toBe(
      'Esta cuenta no tiene verificación en dos pasos que restablecer.',
    );
    // nothing happened to it: its session goes on, no message
    expect((await client.get('/api/me')).status).toBe(200);
    const [mail] = await server.sql<{ n: string }>(
      "select count(*)::text as n from outbox_message where template = 'auth.mfa_reset' and recipient = $1",
      [plain.email],
    );
    expect(mail!.n).toBe('0');
    expect((await admin.post('/api/users/no-such-id/mfa-reset', {})).status).toBe(404);
  });
});
