/**
 * The Outbox API on the embedded default (no SMTP, no SMS provider): messages wait, and
 * administrators read them and retry them. Per role, audited, and bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/outbox';
import {
  DEMO,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn(DEMO.admin);
});
afterAll(() => server?.close());

const lastAudit = async (action: string) =>
  (
    await server.sql<{
      action: string;
      outcome: string;
      record_id: string | null;
      patient_id: string | null;
      actor_role: string;
      details: Record<string, unknown> | null;
    }>(
      'select action, outcome, record_id, patient_id, actor_role, details from audit_log where action = $1 order by id desc limit 1',
      [action],
    )
  )[0];

async function invited(name: string, email: string) {
  const specialist = await server.signIn(DEMO.specialist);
  const patient = (await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name })).body;
  const res = await specialist.post(`/api/patients/${patient.id}/invite`, { email });
  expect(res.status).toBe(200);
  const [row] = await server.sql<{ id: string }>(
    'select id from outbox_message where recipient = $1',
    [email],
  );
  return { patientId: patient.id as string, messageId: row!.id, link: res.body.link as string };
}

describe('with no provider configured', () => {
  it('an invitation waits queued; the admin lists it (no provider) and reads it with its link', async () => {
    const { patientId, messageId, link } = await invited('Queued Patient', 'queued@example.test');
    const list = await admin.get('/api/admin/outbox?status=queued&channel=email');
    expect(list.status).toBe(200);
    expect(list.body.providers).toEqual({ email: false, sms: false });
    const item = list.body.items.find((m: { id: string }) => m.id === messageId);
    expect(item).toMatchObject({
      channel: 'email',
      recipient: 'queued@example.test',
      template: 'patient.invite',
      status: 'queued',
      attempts: 0,
      language: null,
      lastError: null,
    });
    expect(item.text).toBeUndefined(); // the list carries no bodies
    expect(await lastAudit('outbox.list')).toMatchObject({
      patient_id: patientId,
      record_id: messageId,
    });

    // nothing is attempted without a provider
    await new Promise((r) => setTimeout(r, 1500));
    const detail = await admin.get(`/api/admin/outbox/${messageId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.message).toMatchObject({ status: 'queued', attempts: 0 });
    expect(detail.body.message.text).toContain(link);
    expect(detail.body.message.html).toContain(link.replace(/&/g, '&amp;'));
    expect(await lastAudit('outbox.view')).toMatchObject({
      outcome: 'success',
      actor_role: 'admin',
      record_id: messageId,
      patient_id: patientId,
    });
  });

  it('filters by status and channel, and pages by keyset without gaps or repeats', async () => {
    const db = server.deps.database.db;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { id } = await enqueue(db, {
        channel: 'sms',
        to: `+34 600 000 10${i}`,
        language: i % 2 ? 'en' : 'es',
        template: 'patient.invite',
        params: { clinic: 'Pain Lab', link: `https://x.example/${i}`, days: 7 },
      });
      ids.push(id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        body: { items: { id: string; channel: string }[]; nextCursor: string | null };
      } = await admin.get(
        `/api/admin/outbox?channel=sms&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      expect(page.body.items.every((m) => m.channel === 'sms')).toBe(true);
      seen.push(...page.body.items.map((m) => m.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // newest first: ours, in reverse order of queueing
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    const sent = await admin.get('/api/admin/outbox?status=sent');
    expect(sent.body.items.every((m: { status: string }) => m.status === 'sent')).toBe(true);
  });
});

describe('retry', () => {
  it('puts a dead message back in the queue with a full set of attempts, audited', async () => {
    const { messageId, patientId } = await invited('Dead Patient', 'dead@example.test');
    await server.sql(
      "update outbox_message set status = 'dead', attempts = 8, last_error = 'Error: boom' where id = $1",
      [messageId],
    );
    const res = await admin.post(`/api/admin/outbox/${messageId}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: 'Error: boom',
    });
    expect(await lastAudit('outbox.retry')).toMatchObject({
      outcome: 'success',
      record_id: messageId,
      patient_id: patientId,
      details: { from: 'dead', attempts: 8 },
    });
  });

  it('refuses a sent message (409) and an unknown one (404), changing nothing', async () => {
    const { messageId } = await invited('Sent Patient', 'sent@example.test');
    await server.sql("update outbox_message set status = 'sent', attempts = 1 where id = $1", [
      messageId,
    ]);
    const res = await admin.post(`/api/admin/outbox/${messageId}/retry`, undefined, {
      'accept-language': 'es',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(res.body.error.message).not.toMatch(/^[a-z_]+$/);
    const [row] = await server.sql('select status, attempts from outbox_message where id = $1', [
      messageId,
    ]);
    expect(row).toEqual({ status: 'sent', attempts: 1 });
    const missing = await admin.post(
      '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(missing.status).toBe(404);
  });
});

describe('who may', () => {
  it.each(['specialist', 'researcher', 'user'] as const)(
    '%s: 403 on every outbox route, audited',
    async (role) => {
      const client = await server.signIn(DEMO[role]);
      const [row] = await server.sql<{ id: string }>('select id from outbox_message limit 1');
      for (const [method, path] of [
        ['GET', '/api/admin/outbox'],
        ['GET', `/api/admin/outbox/${row!.id}`],
        ['POST', `/api/admin/outbox/${row!.id}/retry`],
      ] as const) {
        const before = await server.sql<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'access.denied' and actor_role = $1",
          [role],
        );
        const res = await client.request(method, path, method === 'POST' ? { json: {} } : {});
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
        expect(JSON.stringify(res.body)).not.toContain('@example');
        const after = await server.sql<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'access.denied' and actor_role = $1",
          [role],
        );
        expect(after[0]!.n).toBe(before[0]!.n + 1);
      }
    },
  );

  it('signed out: 401', async () => {
    const res = await server.client().get('/api/admin/outbox');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('bad input: a translated 400, nothing changed', () => {
  it.each([
    ['an unknown status', '/api/admin/outbox?status=lost'],
    ['an unknown field', '/api/admin/outbox?sort=recipient'],
    ['a malformed cursor', '/api/admin/outbox?cursor=abc'],
    ['a huge cursor', `/api/admin/outbox?cursor=${'9'.repeat(5000)}`],
    ['a NUL byte', '/api/admin/outbox?cursor=%00'],
    ['a limit too large', '/api/admin/outbox?limit=100000'],
    ['an id that is no uuid', '/api/admin/outbox/not-a-uuid'],
  ])('%s', async (_what, path) => {
    const res = await admin.get(path, { 'accept-language': 'es' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/[a-záéíóú]/i);
    expect(res.body.error.message).not.toBe(res.body.error.code);
  });

  it('a retry with a body of unknown fields, NUL bytes or a huge string changes nothing', async () => {
    const { messageId } = await invited('Body Patient', 'body@example.test');
    await server.sql("update outbox_message set status = 'dead', attempts = 8 where id = $1", [
      messageId,
    ]);
    for (const body of [{ force: true }, { note: 'a\u0000b' }, { note: 'x'.repeat(2_000_000) }]) {
      const res = await admin.post(`/api/admin/outbox/${messageId}/retry`, body);
      expect([400, 413]).toContain(res.status);
      expect(res.body.error.message).toBeTruthy();
    }
    const [row] = await server.sql('select status, attempts from outbox_message where id = $1', [
      messageId,
    ]);
    expect(row).toEqual({ status: 'dead', attempts: 8 });
  });
});

describe('demo data', () => {
  it('the seed leaves messages in several states and both languages', async () => {
    const rows = await server.sql<{ status: string; language: string | null; channel: string }>(
      "select status, language, channel from outbox_message where dedupe_key like 'demo:%'",
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['sent', 'failed', 'queued', 'dead']),
    );
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set([null, 'es', 'en']));
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'sms']));
  });
});
