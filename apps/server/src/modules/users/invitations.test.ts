/**
 * Issue 9, staff invitations (ADR 0031), with registration closed: an administrator invites by
 * e-mail with a role; the link (read from the outbox, as an administrator would at /admin/outbox)
 * works once, expires, can be revoked and resent; the invitee gets exactly the invited role; other
 * roles may not invite; unknown fields and role escalation attempts are refused, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION_OPEN: 'false', OUTBOX_POLL_MS: '60000' });
  admin = await server.signIn(DEMO.admin);
}, 240_000);
afterAll(() => server?.close());

let n = 0;
const address = () => `invited-${++n}-${Date.now()}@example.test`;

/** The token of the latest invitation e-mail to `email`, from the outbox. */
async function linkTo(email: string): Promise<string> {
  const [row] = await server.sql<{ text: string }>(
    "select text from outbox_message where template = 'users.staff_invite' and recipient = $1 order by created_at desc limit 1",
    [email],
  );
  const token = /\/invitation#([A-Za-z0-9_-]+)/.exec(row?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function invite(email: string, role = 'specialist') {
  const res = await admin.post('/api/staff-invitations', { email, role });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, token: await linkTo(email) };
}

const accept = (token: string, extra: Record<string, unknown> = {}) =>
  server.client().post('/api/staff-invitations/accept', {
    token,
    name: 'Nuria Invitada',
    password: PASSWORD,
    ...extra,
  });

const counts = async () => ({
  users: Number((await server.sql<{ n: string }>('select count(*)::text as n from "user"'))[0]!.n),
  invites: Number(
    (await server.sql<{ n: string }>('select count(*)::text as n from staff_invite'))[0]!.n,
  ),
});

describe('staff invitations', () => {
  it('an invitee gets the invited role through a single-use link, while registration is closed', async () => {
    const email = address();
    // sign-up itself is closed
    const closed = await server.client().post('/api/auth/sign-up/email', {
      name: 'X',
      email,
      password: PASSWORD,
    });
    expect(closed.status).toBe(403);

    const before = await auditCount(server, 'users.invite');
    const { id, token } = await invite(email, 'researcher');
    expect(await auditCount(server, 'users.invite')).toBe(before + 1);
    // the token is stored only as a hash
    const [row] = await server.sql<{ token_hash: string }>(
      'select token_hash from staff_invite where id = $1',
      [id],
    );
    expect(row!.token_hash).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await admin.get('/api/staff-invitations');
    expect(list.body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      email,
      role: 'researcher',
      status: 'pending',
      acceptedAt: null,
    });

    const preview = await server.client().post('/api/staff-invitations/preview', { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email, role: 'researcher' });

    const res = await accept(token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'researcher', name: 'Nuria Invitada' });
    const client = await server.signIn(email, PASSWORD);
    expect((await client.get('/api/me')).body.role).toBe('researcher');
    const [verified] = await server.sql<{ email_verified: boolean }>(
      'select email_verified from "user" where email = $1',
      [email],
    );
    expect(verified!.email_verified).toBe(true);
    expect(
      (await admin.get('/api/staff-invitations')).body.items.find(
        (i: { id: string }) => i.id === id,
      ),
    ).toMatchObject({ status: 'accepted' });
    const [audit] = await server.sql<{ actor_user_id: string; outcome: string }>(
      "select actor_user_id, outcome from audit_log where action = 'users.invite_accept' order by id desc limit 1",
    );
    expect(audit).toMatchObject({ actor_user_id: res.body.id, outcome: 'success' });

    // reused: refused, audited, nothing created
    const before2 = await counts();
    const again = await accept(token, { name: 'Otra Persona' });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('invitation_used');
    expect(await counts()).toEqual(before2);
    const [denied] = await server.sql<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where action = 'users.invite_accept' order by id desc limit 1",
    );
    expect(denied).toMatchObject({ outcome: 'denied', details: { reason: 'invitation_used' } });
    expect((await server.client().post('/api/staff-invitations/preview', { token })).status).toBe(
      410,
    );
    const [previewDenied] = await server.sql<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where action = 'users.invite_preview' order by id desc limit 1",
    );
    expect(previewDenied).toMatchObject({
      outcome: 'denied',
      details: { reason: 'invitation_used' },
    });
  });

  it('an expired link is refused; resending gives a new link and the old one stops working', async () => {
    const email = address();
    const { id, token } = await invite(email);
    await server.sql(
      "update staff_invite set expires_at = now() - interval '1 minute' where id = $1",
      [id],
    );
    const expired = await accept(token);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('invitation_expired');
    expect(
      (await admin.get('/api/staff-invitations')).body.items.find(
        (i: { id: string }) => i.id === id,
      ).status,
    ).toBe('expired');
    // an expired invitation cannot be revoked, but can be sent again
    expect((await admin.post(`/api/staff-invitations/${id}/revoke`, {})).status).toBe(409);
    const resent = await admin.post(`/api/staff-invitations/${id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    const fresh = await linkTo(email);
    expect(fresh).not.toBe(token);
    expect((await accept(token)).status).toBe(404);
    expect((await accept(fresh)).status).toBe(201);
    // accepted: final
    expect((await admin.post(`/api/staff-invitations/${id}/resend`, {})).status).toBe(409);
    expect((await admin.post(`/api/staff-invitations/${id}/revoke`, {})).status).toBe(409);
  });

  it('a revoked link is refused; a new invitation of the same address revokes the earlier one', async () => {
    const email = address();
    const first = await invite(email);
    const revoked = await admin.post(`/api/staff-invitations/${first.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const res = await accept(first.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('invitation_invalid');
    expect((await admin.post(`/api/staff-invitations/${first.id}/revoke`, {})).status).toBe(409);
    expect((await admin.post(`/api/staff-invitations/${first.id}/resend`, {})).status).toBe(409);

    const second = await invite(email);
    const third = await invite(email, 'admin');
    expect((await accept(second.token)).status).toBe(404);
    const ok = await accept(third.token);
    expect(ok.status).toBe(201);
    expect(ok.body.role).toBe('admin');
    // the address has an account now: no new invitation
    const taken = await admin.post('/api/staff-invitations', { email, role: 'specialist' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');
    expect(
      (await admin.post('/api/staff-invitations/00000000-0000-4000-8000-000000000000/revoke', {}))
        .status,
    ).toBe(404);
  });

  it('five invitations of one address at once leave exactly one usable link', async () => {
    const email = address();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.post('/api/staff-invitations', { email, role: 'specialist' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const open = await server.sql(
      'select id from staff_invite where email = $1 and accepted_at is null and revoked_at is null',
      [email],
    );
    expect(open).toHaveLength(1);
  });

  it.each([
    ['an unknown field', { role: 'specialist', isAdmin: true }],
    ['the patient role', { role: 'user' }],
    ['an unknown role', { role: 'superuser' }],
    ['no role', {}],
    ['a bad e-mail', { role: 'specialist', email: 'nobody' }],
  ])('refuses an invitation with %s (400), writing nothing', async (_label, body) => {
    const before = await counts();
    const res = await admin.post('/api/staff-invitations', { email: address(), ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(await counts()).toEqual(before);
  });

  it('the invitee cannot choose a role, and bad input changes nothing', async () => {
    const email = address();
    const { token } = await invite(email, 'specialist');
    const before = await counts();
    for (const extra of [
      { role: 'admin' },
      { email: 'other@example.test' },
      { password: 'short' },
      { password: 'password1234' },
      { name: '' },
      { token: 'x'.repeat(10) },
    ]) {
      const res = await accept(token, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect((await accept('A'.repeat(43))).status).toBe(404);
    expect(await counts()).toEqual(before);
    // a password the rules refuse is a refusal on record like the others
    const refusals = await server.sql<{ reason: string }>(
      `select details->>'reason' as reason from audit_log
       where action = 'users.invite_accept' and outcome = 'denied' and record_id = $1`,
      [
        (
          await server.sql<{ id: string }>('select id from staff_invite where email = $1', [email])
        )[0]!.id,
      ],
    );
    expect(refusals.map((r) => r.reason)).toContain('validation_failed');
    // the link still works afterwards, for the invited role only
    const ok = await accept(token);
    expect(ok.body.role).toBe('specialist');
  });

  it.each(['specialist', 'researcher', 'user'] as const)(
    '%s may not list, invite, revoke or resend (403)',
    async (role) => {
      const { id } = await invite(address());
      const other = await server.signIn(DEMO[role]);
      const before = await counts();
      expect((await other.get('/api/staff-invitations')).status).toBe(403);
      expect(
        (await other.post('/api/staff-invitations', { email: address(), role: 'admin' })).status,
      ).toBe(403);
      expect((await other.post(`/api/staff-invitations/${id}/revoke`, {})).status).toBe(403);
      expect((await other.post(`/api/staff-invitations/${id}/resend`, {})).status).toBe(403);
      expect(await counts()).toEqual(before);
    },
  );
});
