/**
 * The audit log screen's API (SPEC §6: view audit_logs): who may read it, the patient filter (every
 * decision about one patient), actors named, the chain check, and that reading it is itself recorded.
 * Its hashes and CSV export (issue 22 item 1): every row carries `hash` and `prevHash`; the export
 * is checked by a verifier written from docs/audit.md alone (node:crypto and a CSV parser, none of
 * the server's code), which passes on an intact log, names the first row changed by a direct UPDATE
 * of the table (triggers switched off, as a database owner could) and agrees with the server's check.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
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

// ---- the verifier, from docs/audit.md ("How `hash` is computed", "Checking an export") ----
type CsvRow = Record<string, string>;
function verifyExport(csv: string): { valid: boolean; rows: number; firstBrokenId: string | null } {
  const rows: CsvRow[] = parse(csv.replace(/^\uFEFF/, ''), { columns: true });
  const plain = (v: string) => (/^'[=+\-@\t\r']/.test(v) ? v.slice(1) : v);
  let previous: CsvRow | null = null;
  for (const raw of rows) {
    const r = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, plain(v)])) as CsvRow;
    const details = r.details
      ? JSON.stringify(
          Object.entries(JSON.parse(r.details) as object).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : 'null';
    const fields = ['actorUserId', 'actorRole', 'action', 'resource', 'recordId', 'patientId'];
    const parts = [r.prevHash!, String(Date.parse(r.occurredAt!)), ...fields.map((f) => r[f]!)];
    parts.push(r.outcome!, r.ip!, r.requestId!, details);
    const hash = createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('hex');
    const linked =
      !previous || Number(r.seq) !== Number(previous.seq) + 1 || r.prevHash === previous.hash;
    if (hash !== r.hash || !linked)
      return { valid: false, rows: rows.length, firstBrokenId: r.id! };
    previous = r;
  }
  return { valid: true, rows: rows.length, firstBrokenId: null };
}
// ---------------------------------------------------------------------------------------------

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

// The tamper test breaks the chain: these stay last in the file.
const exportCsv = async (client: ApiClient, query = '') => {
  const res = await client.get(`/api/audit-logs/export.csv${query}`);
  return { ...res, csv: res.text };
};

describe('hashes on every row', () => {
  it('the list shows seq, prevHash and hash; consecutive rows link', async () => {
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true); // seals what waits
    const res = await admin.get('/api/audit-logs?limit=50');
    expect(res.status).toBe(200);
    const sealed = res.body.items.filter((e: { seq: number | null }) => e.seq !== null);
    expect(sealed.length).toBeGreaterThan(10);
    for (const entry of sealed) {
      expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.prevHash === null || /^[0-9a-f]{64}$/.test(entry.prevHash)).toBe(true);
    }
    for (let i = 0; i + 1 < sealed.length; i++)
      if (sealed[i].seq === sealed[i + 1].seq + 1)
        expect(sealed[i].prevHash).toBe(sealed[i + 1].hash);
  });
});

describe('GET /api/audit-logs/export.csv', () => {
  it('is CSV in chain order that a verifier written from docs/audit.md accepts, and is audited', async () => {
    const res = await exportCsv(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-/);
    // (fetch's text() drops the byte-order mark; the bytes have it)
    expect(res.csv.startsWith('seq,id,occurredAt,actorUserId,actorName,')).toBe(true);
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}/api/audit-logs/export.csv`, { headers: { cookie } })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const result = verifyExport(res.csv);
    expect(result).toMatchObject({ valid: true, firstBrokenId: null });
    expect(result.rows).toBeGreaterThan(10);
    const [row] = await server.sql<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'audit_logs.export' and outcome = 'success'",
    );
    expect(Number(row!.n)).toBeGreaterThanOrEqual(1);
  });

  it("a patient's filtered export holds only that patient's rows, each one verifiable", async () => {
    const res = await exportCsv(admin, `?patientId=${patientId}`);
    const rows: CsvRow[] = parse(res.csv.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.patientId === patientId)).toBe(true);
    expect(verifyExport(res.csv).valid).toBe(true);
  });

  it('names the first row changed by a direct UPDATE, as the server does', async () => {
    await admin.get('/api/audit-logs/verify');
    const [target] = await server.sql<{ id: string; seq: string }>(
      `select id::text, seq::text from audit_log where patient_id = $1 and seq is not null order by seq limit 1`,
      [patientId],
    );
    await server.sql('alter table audit_log disable trigger audit_log_no_update_delete');
    try {
      await server.sql(`update audit_log set patient_id = null where id = $1`, [target!.id]);
    } finally {
      await server.sql('alter table audit_log enable trigger audit_log_no_update_delete');
    }
    const result = verifyExport((await exportCsv(admin)).csv);
    expect(result).toMatchObject({ valid: false, firstBrokenId: target!.id });
    expect((await admin.get('/api/audit-logs/verify')).body).toMatchObject({
      valid: false,
      firstBrokenId: Number(target!.id),
    });
  });

  it('only those who may view the log export it; the contract says text/csv', async () => {
    for (const email of [DEMO.specialist, DEMO.researcher, DEMO.user]) {
      const client = email === DEMO.specialist ? specialist : await server.signIn(email);
      const res = await client.get('/api/audit-logs/export.csv');
      expect(res.status, email).toBe(403);
      expect(res.text).not.toContain('prevHash');
    }
    expect((await server.client().get('/api/audit-logs/export.csv')).status).toBe(401);
    expect((await admin.get('/api/audit-logs/export.csv?limit=5')).status).toBe(400);
    const doc = (await server.client().get('/api/openapi.json')).body;
    const op = doc.paths['/api/audit-logs/export.csv'].get;
    expect(op.operationId).toBe('exportAuditCsv');
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
  });
});
