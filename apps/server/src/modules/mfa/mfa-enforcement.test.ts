/**
 * Issue 9, forced enrolment (ADR 0038): an administrator makes a second factor mandatory for every
 * user of a role, with a grace period. Within it the account works and /api/me says by when it must
 * enrol; after it the account reaches no data (403 mfa_enrolment_required, audited) until it enrols,
 * while /settings' own routes keep working. The deadline counts from enforcement or from the
 * account's creation, whichever is later. TOTP codes come from `otpauth`, not the product's code.
 */
import * as OTPAuth from 'otpauth';
import { errorMessage } from '@painlab/shared/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;
const PASSWORD = 'a-long-enough-passphrase-77';
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
  admin = await server.signIn(DEMO.admin);
}, 240_000);
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  // every test starts from the default policy
  for (const role of ['researcher', 'user'] as const)
    await admin.put('/api/mfa/policy', { role, required: role === 'researcher', enforced: false });
});

let n = 0;
async function account(role: 'researcher' | 'user' = 'researcher') {
  const email = `enrol-${++n}-${Date.now()}@example.test`;
  await createAccount(server, { role, email, name: 'Rosa Enrol', password: PASSWORD });
  return email;
}

/** An account created `daysAgo` days ago (its grace period counts from then when that is later). */
async function backdate(email: string, daysAgo: number) {
  await server.sql(
    `update "user" set created_at = now() - make_interval(days => $1) where email = $2`,
    [daysAgo, email],
  );
}

async function enforce(role: 'researcher' | 'user', graceDays: number) {
  const res = await admin.put('/api/mfa/policy', {
    role,
    required: true,
    enforced: true,
    graceDays,
  });
  expect(res.status).toBe(200);
  return res.body.roles.find((r: { role: string }) => r.role === role);
}

async function enrolTotp(client: ApiClient) {
  const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
  expect(verify.status).toBe(200);
}

describe('enforced enrolment with a grace period', () => {
  it('within the grace period the account works and /api/me gives the deadline', async () => {
    const policy = await enforce('researcher', 14);
    expect(policy).toMatchObject({ required: true, enforced: true, graceDays: 14 });
    const since = new Date(policy.enforcedSince as string).getTime();
    expect(Math.abs(since - Date.now())).toBeLessThan(60_000);

    const email = await account();
    await backdate(email, 30); // created before enforcement: the deadline counts from enforcement
    const client = await server.signIn(email, PASSWORD);
    const me = await client.get('/api/me');
    expect(me.body.mfa).toMatchObject({ enrolled: false, required: true, enrolmentNeeded: false });
    expect(new Date(me.body.mfa.enrolBy).getTime()).toBe(since + 14 * DAY);
    expect((await client.get('/api/patients')).status).toBe(200);
  });

  it('after it, data routes answer 403 mfa_enrolment_required (audited) and /settings still works', async () => {
    await enforce('researcher', 0);
    const email = await account();
    const client = await server.signIn(email, PASSWORD);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.mfa).toMatchObject({ enrolmentNeeded: true, stepUpNeeded: false });

    const refused = await client.get('/api/patients');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('mfa_enrolment_required');
    const id = await server.userId(email);
    const rows = await server.sql<{ details: { reason: string; route: string } }>(
      `select details from audit_log where action = 'access.denied' and actor_user_id = $1`,
      [id],
    );
    expect(rows.map((r) => r.details.reason)).toContain('mfa_enrolment_required');

    // what /settings needs keeps working
    for (const path of ['/api/account/sessions', '/api/notifications/preferences'])
      expect((await client.get(path)).status, path).toBe(200);
    // nor is an access token a way around it (ADR 0039)
    const token = await client.get('/api/auth/token');
    expect(token.status).toBe(403);
    expect(token.body.code).toBe('MFA_ENROLMENT_REQUIRED');

    await enrolTotp(client);
    const after = await client.get('/api/me');
    expect(after.body.mfa).toMatchObject({
      enrolled: true,
      aal: 2,
      enrolmentNeeded: false,
      enrolBy: null,
    });
    expect((await client.get('/api/patients')).status).toBe(200);
  });

  it('an account created after enforcement gets its own grace period', async () => {
    await enforce('researcher', 7);
    await server.sql(
      `update mfa_policy set enforced_since = now() - interval '30 days' where role = 'researcher'`,
    );
    // the policy is re-read by the next change through this server
    await admin.put('/api/mfa/policy', {
      role: 'researcher',
      required: true,
      enforced: true,
      graceDays: 7,
    });
    const fresh = await account();
    const old = await account();
    await backdate(old, 60);
    const freshMe = (await (await server.signIn(fresh, PASSWORD)).get('/api/me')).body.mfa;
    expect(freshMe.enrolmentNeeded).toBe(false);
    expect(new Date(freshMe.enrolBy).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    const oldClient = await server.signIn(old, PASSWORD);
    expect((await oldClient.get('/api/me')).body.mfa.enrolmentNeeded).toBe(true);
    expect((await oldClient.get('/api/patients')).status).toBe(403);
  });

  it('a new grace period keeps the enforcement date; switching it off and on again restarts it', async () => {
    const first = await enforce('researcher', 10);
    const longer = await enforce('researcher', 30);
    expect(longer.enforcedSince).toBe(first.enforcedSince);
    const off = await admin.put('/api/mfa/policy', {
      role: 'researcher',
      required: true,
      enforced: false,
    });
    const row = off.body.roles.find((r: { role: string }) => r.role === 'researcher');
    expect(row).toMatchObject({ enforced: false, enforcedSince: null, graceDays: 30 });
    // required alone does not change the grace days or switch enforcement back on
    const again = await admin.put('/api/mfa/policy', { role: 'researcher', required: true });
    expect(again.body.roles.find((r: { role: string }) => r.role === 'researcher')).toMatchObject({
      enforced: false,
      graceDays: 30,
    });
  });

  it('switching enforcement off gives the data back at once', async () => {
    await enforce('researcher', 0);
    const email = await account();
    const client = await server.signIn(email, PASSWORD);
    expect((await client.get('/api/patients')).status).toBe(403);
    await admin.put('/api/mfa/policy', { role: 'researcher', required: true, enforced: false });
    expect((await client.get('/api/patients')).status).toBe(200);
  });

  it('patients may be made to enrol too; an enrolled account with an aal1 session is asked to step up, not to enrol', async () => {
    await enforce('user', 0);
    const email = await account('user');
    const client = await server.signIn(email, PASSWORD);
    const refused = await client.get('/api/appointments/mine');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('mfa_enrolment_required');
    await enrolTotp(client);
    expect((await client.get('/api/appointments/mine')).status).not.toBe(403);
    // a password-only sign-in of the enrolled account: the factor is asked for at sign-in
    const second = server.client();
    const res = await second.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.body.twoFactorRedirect).toBe(true);
  });

  it('refuses bad settings and changes nothing', async () => {
    const before = (await admin.get('/api/mfa/policy')).body;
    for (const body of [
      { role: 'researcher', required: false, enforced: true },
      { role: 'researcher', required: true, enforced: true, graceDays: 91 },
      { role: 'researcher', required: true, enforced: true, graceDays: -1 },
      { role: 'researcher', required: true, enforced: true, graceDays: 1.5 },
      { role: 'researcher', required: true, enforced: 'yes' },
      { role: 'researcher', required: true, enforced: true, graceDays: '7' },
      { role: 'nurse', required: true },
      { role: 'researcher', required: true, enforced: true, since: '2020-01-01' },
    ]) {
      const res = await admin.put('/api/mfa/policy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.get('/api/mfa/policy')).body).toEqual(before);
    // the Spanish message of a refused combination
    const es = server.client({ lang: 'es' });
    await es.post('/api/auth/sign-in/email', {
      email: DEMO.admin,
      password: DEMO_PASSWORD,
    });
    const res = await es.put('/api/mfa/policy', {
      role: 'researcher',
      required: false,
      enforced: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(errorMessage('validation_failed', 'es'));
  });

  it('two administrators saving at once: both answered, one row, one audit row each', async () => {
    const auditBefore = await server.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'mfa.policy_edit'`,
    );
    const [a, b] = await Promise.all([
      admin.put('/api/mfa/policy', { role: 'user', required: true, enforced: true, graceDays: 5 }),
      admin.put('/api/mfa/policy', { role: 'user', required: true, enforced: true, graceDays: 9 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await server.sql<{ grace_days: number }>(
      `select grace_days from mfa_policy where role = 'user'`,
    );
    expect(rows).toHaveLength(1);
    expect([5, 9]).toContain(rows[0]!.grace_days);
    const auditAfter = await server.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'mfa.policy_edit'`,
    );
    expect(auditAfter[0]!.n - auditBefore[0]!.n).toBe(2);
  });
});
