/**
 * The audit log screen's API (SPEC §6: view audit_logs): who may read it, the patient filter (every
 * decision about one patient), actors named, the chain check, and that reading it is itself recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';

type Entry = {
  id: number;
  action: string;
  outcome: string;
  patientId: string | null;
  actorUserId: string | null;
  actorName: string | null;
};

let server: TestServer;
let admin: ApiClient;
let specialist: ApiClient;
let patientId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, specialist] = await Promise.all([
    server.signIn(DEMO.admin),
    server.signIn(DEMO.specialist),
  ]);
  const created = await specialist.post('/api/patients', {
    name: 'Registro Auditoría',
    birthDate: '1969-02-11',
    gender: 'male',
    category: 'chronic_pain',
    priority: 'medium',
  });
  expect(created.status).toBe(201);
  patientId = created.body.id;
  expect((await specialist.get(`/api/patients/${patientId}`)).status).toBe(200);
});
afterAll(() => server?.close());

describe('GET /api/audit-logs', () => {
  it('only roles that may view audit_logs read it (SPEC §6): 403 for the others, 401 signed out', async () => {
    expect((await specialist.get('/api/audit-logs')).status).toBe(403);
    const researcher = await server.signIn(DEMO.researcher);
    expect((await researcher.get('/api/audit-logs')).status).toBe(403);
    const user = await server.signIn(DEMO.user);
    expect((await user.get('/api/audit-logs?patientId=' + patientId)).status).toBe(403);
    expect((await server.client().get('/api/audit-logs')).status).toBe(401);
  });

  it('filters by patient: every decision about that patient, newest first, with the actor named', async () => {
    const res = await admin.get(`/api/audit-logs?patientId=${patientId}&limit=50`);
    expect(res.status).toBe(200);
    const items = res.body.items as Entry[];
    expect(items.length).toBeGreaterThanOrEqual(2); // the creation and the chart read
    expect(items.every((e) => e.patientId === patientId)).toBe(true);
    expect(items.map((e) => e.id)).toEqual([...items.map((e) => e.id)].sort((a, b) => b - a));
    const read = items.find((e) => e.action === 'patients.view');
    expect(read?.actorName).toBeTruthy();
    const rows = await server.sql<{ name: string }>('select name from "user" where id = $1', [
      read!.actorUserId,
    ]);
    expect(read!.actorName).toBe(rows[0]!.name);
  });

  it('pages with `before`, filters by outcome, and refuses unknown parameters or bad values', async () => {
    const first = await admin.get('/api/audit-logs?limit=2');
    expect(first.body.items).toHaveLength(2);
    const next = await admin.get(`/api/audit-logs?limit=2&before=${first.body.nextCursor}`);
    expect((next.body.items as Entry[])[0]!.id).toBeLessThan((first.body.items as Entry[])[1]!.id);
    const denied = await admin.get('/api/audit-logs?outcome=denied&limit=200');
    expect((denied.body.items as Entry[]).every((e) => e.outcome === 'denied')).toBe(true);
    expect((denied.body.items as Entry[]).length).toBeGreaterThan(0); // the refusals above
    expect((await admin.get('/api/audit-logs?outcome=maybe')).status).toBe(400);
    expect((await admin.get('/api/audit-logs?patient=x')).status).toBe(400);
    expect((await admin.get(`/api/audit-logs?patientId=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('reading the log is itself recorded, and the chain checks out', async () => {
    const before = await server.sql<{ n: string }>(
      "select count(*) as n from audit_log where action = 'audit_logs.view'",
    );
    await admin.get('/api/audit-logs?limit=1');
    const after = await server.sql<{ n: string }>(
      "select count(*) as n from audit_log where action = 'audit_logs.view'",
    );
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
    const verify = await admin.get('/api/audit-logs/verify');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, firstBrokenId: null });
    expect(verify.body.checked).toBeGreaterThan(0);
  });
});
