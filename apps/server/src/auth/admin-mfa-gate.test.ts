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

describe('what the admin calls accept (issue 22 items 11 and 18)', () => {
  let admin: ApiClient;
  let target: { email: string; id: string };
  beforeAll(async () => {
    const { email } = await account('admin');
    admin = await server.signIn(email, PASSWORD);
    target = await account('user');
  });
  const roleOf = async (id: string) =>
    (await server.sql<{ role: string }>('select role from "user" where id = $1', [id]))[0]!.role;

  it('a role is one role of SPEC §6: a list, an unknown value, null or an object is a 400 and changes nothing', async () => {
    for (const role of [
      ['admin', 'researcher'],
      ['admin'],
      'superadmin',
      'admin,researcher',
      null,
      { $ne: null },
      1,
    ]) {
      const res = await admin.post('/api/auth/admin/set-role', { userId: target.id, role });
      expect(res.status, `${JSON.stringify(role)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('INVALID_ROLE');
      expect(await roleOf(target.id)).toBe('user');
      const created = await admin.post('/api/auth/admin/create-user', {
        email: `made-${Math.random()}@example.test`,
        name: 'Rol Raro',
        password: PASSWORD,
        role,
      });
      expect(created.status, JSON.stringify(role)).toBe(400);
      const updated = await admin.post('/api/auth/admin/update-user', {
        userId: target.id,
        data: { role },
      });
      expect(updated.status, JSON.stringify(role)).toBe(400);
      expect(await roleOf(target.id)).toBe('user');
    }
    // the one that is valid still works
    const ok = await admin.post('/api/auth/admin/set-role', {
      userId: target.id,
      role: 'researcher',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await roleOf(target.id)).toBe('researcher');
    await admin.post('/api/auth/admin/set-role', { userId: target.id, role: 'user' });
  });

  it('ids are strings: an object, a list, null or a number is a 400 on every admin call that takes one', async () => {
    const calls = [
      'set-role',
      'ban-user',
      'unban-user',
      'remove-user',
      'set-user-password',
      'revoke-user-sessions',
      'list-user-sessions',
      'update-user',
    ];
    for (const call of calls)
      for (const userId of [{ $ne: null }, [target.id], null, 12345]) {
        const res = await admin.post(`/api/auth/admin/${call}`, {
          userId,
          role: 'admin',
          newPassword: 'another-long-passphrase-1',
          data: { name: 'X' },
        });
        expect(res.status, `${call} ${JSON.stringify(userId)}`).toBe(400);
        expect(res.body.code).toBe('INVALID_REQUEST_BODY');
        expect(res.body.message).toMatch(/not valid/);
      }
    const revoke = await admin.post('/api/auth/admin/revoke-user-session', {
      sessionToken: { $ne: null },
    });
    expect(revoke.status).toBe(400);
    expect(await roleOf(target.id)).toBe('user');
    expect((await server.sql('select 1 from "user" where id = $1', [target.id])).length).toBe(1);
  });

  it('the database keeps one known role per account, whatever writes it', async () => {
    await expect(
      server.sql('update "user" set role = $1 where id = $2', ['admin,researcher', target.id]),
    ).rejects.toThrow(/user_role_check/);
    expect(await roleOf(target.id)).toBe('user');
  });

  it("another person's sessions are listed without their tokens", async () => {
    const signedIn = await server.signIn(target.email, PASSWORD);
    expect((await signedIn.get('/api/me')).status).toBe(200);
    const res = await admin.post('/api/auth/admin/list-user-sessions', { userId: target.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sessions.length).toBeGreaterThan(0);
    for (const s of res.body.sessions) {
      expect(s).not.toHaveProperty('token');
      expect(s.userId).toBe(target.id);
    }
    const tokens = await server.sql<{ token: string }>(
      'select token from session where user_id = $1',
      [target.id],
    );
    for (const { token } of tokens) expect(res.text).not.toContain(token);
  });
});
