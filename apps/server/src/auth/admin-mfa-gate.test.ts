/**
 * better-auth's admin calls (`/api/auth/admin/*`: other users' accounts) are held back exactly like
 * the API when the administrator's session must step up (ADR 0025) or enrol first (ADR 0038);
 * impersonation is switched off; an administrator's new password for someone ends that person's
 * sessions; the audit row names whose account the call was about. (Found by an outsider's probe.)
 * TOTP codes come from `otpauth`, not the product's code.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type ApiClient, type TestServer } from '../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
async function account(role: 'admin' | 'user') {
  const email = `gate-${++n}-${Date.now()}@example.test`;
  const created = await createAccount(server, {
    role,
    email,
    name: 'Gema Puerta',
    password: PASSWORD,
  });
  return { email, id: created.id };
}

/** An administrator with TOTP: an aal2 session, and an aal1 one opened before enrolling. */
async function enrolledAdmin(): Promise<{ aal2: ApiClient; aal1: ApiClient }> {
  const { email } = await account('admin');
  const aal1 = await server.signIn(email, PASSWORD);
  const aal2 = await server.signIn(email, PASSWORD);
  const enable = await aal2.post('/api/auth/two-factor/enable', { password: PASSWORD });
  const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
  expect(
    (await aal2.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status,
  ).toBe(200);
  return { aal1, aal2 };
}

describe('better-auth admin calls under the MFA policy', () => {
  it('an aal1 session of an enrolled administrator is refused them (403 MFA_REQUIRED)', async () => {
    const { aal1, aal2 } = await enrolledAdmin();
    const patient = await account('user');
    const list = await aal1.get('/api/auth/admin/list-users?limit=3');
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('MFA_REQUIRED');
    const role = await aal1.post('/api/auth/admin/set-role', { userId: patient.id, role: 'admin' });
    expect(role.status).toBe(403);
    const [row] = await server.sql<{ role: string }>('select role from "user" where id = $1', [
      patient.id,
    ]);
    expect(row!.role).toBe('user');
    expect((await aal2.get('/api/auth/admin/list-users?limit=3')).status).toBe(200);
  });

  it('an administrator past the time to enrol is refused them (403 MFA_ENROLMENT_REQUIRED)', async () => {
    const { aal2 } = await enrolledAdmin();
    expect(
      (
        await aal2.put('/api/mfa/policy', {
          role: 'admin',
          required: true,
          enforced: true,
          graceDays: 0,
        })
      ).status,
    ).toBe(200);
    try {
      const { email } = await account('admin');
      const late = await server.signIn(email, PASSWORD);
      const list = await late.get('/api/auth/admin/list-users?limit=3');
      expect(list.status).toBe(403);
      expect(list.body.code).toBe('MFA_ENROLMENT_REQUIRED');
      expect(
        (
          await late.post('/api/auth/admin/create-user', {
            email: `made-${Date.now()}@example.test`,
            password: PASSWORD,
            name: 'Nadie',
            role: 'admin',
          })
        ).status,
      ).toBe(403);
    } finally {
      await aal2.put('/api/mfa/policy', { role: 'admin', required: true, enforced: false });
    }
  });

  it('impersonation is switched off', async () => {
    const { aal2 } = await enrolledAdmin();
    const patient = await account('user');
    const res = await aal2.post('/api/auth/admin/impersonate-user', { userId: patient.id });
    expect(res.status).toBe(404);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('a new password set by an administrator ends the person’s sessions; the audit row names them', async () => {
    const { aal2 } = await enrolledAdmin();
    const patient = await account('user');
    const theirs = await server.signIn(patient.email, PASSWORD);
    expect((await theirs.get('/api/me')).status).toBe(200);
    const set = await aal2.post('/api/auth/admin/set-user-password', {
      userId: patient.id,
      newPassword: 'another-long-passphrase-42',
    });
    expect(set.status).toBe(200);
    expect((await theirs.get('/api/me')).status).toBe(401);
    const rows = await server.sql<{ details: { targetUserId?: string } }>(
      `select details from audit_log where action = 'auth.admin_set_user_password' order by occurred_at desc limit 1`,
    );
    expect(rows[0]!.details.targetUserId).toBe(patient.id);
  });
});
