/**
 * Who may see what of patient records, and the audit row of every decision (issue 7 items 1 and 9):
 * a de-identified view cannot be searched or sorted by identifying fields; every access decision,
 * allowed or refused, is an audit row naming the patient; lists and CSV exports are audited per patient.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';

let server: TestServer;
let specialist: ApiClient;
let admin: ApiClient;
let researcher: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  [specialist, admin, researcher] = await Promise.all([
    server.signIn(DEMO.specialist),
    server.signIn(DEMO.admin),
    server.signIn(DEMO.researcher),
  ]);
});
afterAll(() => server?.close());

let n = 0;
async function create(overrides: Record<string, unknown> = {}) {
  const res = await specialist.post('/api/patients', {
    name: `Persona Acceso ${++n}`,
    birthDate: '1975-04-03',
    gender: 'female',
    category: 'chronic_pain',
    priority: 'high',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number };
}

type AuditRow = {
  action: string;
  outcome: string;
  patient_id: string | null;
  record_id: string | null;
  actor_role: string;
  details: Record<string, unknown> | null;
};
const lastAuditId = async () =>
  Number(
    (await server.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log'))[0]!
      .id,
  );
const auditSince = (since: number) =>
  server.sql<AuditRow>(
    'select action, outcome, patient_id, record_id, actor_role, details from audit_log where id > $1 order by id',
    [since],
  );

describe('researchers: a de-identified view is not searchable or sortable by identifying fields', () => {
  it("a name search is refused with 403 and audited, not answered with the person's row", async () => {
    const person = await create({ name: 'Reidentificable Única Persona' });
    const since = await lastAuditId();
    const res = await researcher.get(`/api/patients?q=${encodeURIComponent(person.name)}&limit=1`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(JSON.stringify(res.body)).not.toContain(person.id);
    const rows = await auditSince(since);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'patients.list',
        outcome: 'denied',
        actor_role: 'researcher',
        details: { reason: 'identifying_parameter:q' },
      }),
    ]);
  });

  it.each(['name', '-name'])(
    "sort=%s is refused (it would leak the names' order)",
    async (sort) => {
      const res = await researcher.get(`/api/patients?sort=${sort}`);
      expect(res.status).toBe(403);
    },
  );

  it('keeps the de-identified list with non-identifying filters and orders, without name tie-breaks', async () => {
    // same priority, names in the opposite order of their ids: a name tie-break would show
    const a = await create({
      name: 'Zzz Prioridad Empate',
      priority: 'low',
      category: 'geriatric',
    });
    const b = await create({
      name: 'Aaa Prioridad Empate',
      priority: 'low',
      category: 'geriatric',
    });
    const plain = await researcher.get('/api/patients?limit=5');
    expect(plain.status).toBe(200);
    expect(plain.body.items.every((i: Record<string, unknown>) => !('name' in i))).toBe(true);
    const byPriority = await researcher.get(
      '/api/patients?sort=priority&priority=low&category=geriatric&limit=100',
    );
    expect(byPriority.status).toBe(200);
    const ids = byPriority.body.items.map((i: { id: string }) => i.id);
    expect(ids.filter((id: string) => id === a.id || id === b.id)).toEqual([a.id, b.id].sort());
    // paged by priority: no gaps, no repeats
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await researcher.get(
          `/api/patients?sort=priority&priority=low&category=geriatric&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
      expect(page.status).toBe(200);
      paged.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids);
    expect((await researcher.get('/api/patients?sort=-updatedAt&status=new')).status).toBe(200);
  });

  it('staff still search and sort by name', async () => {
    expect((await specialist.get('/api/patients?q=persona&sort=name')).status).toBe(200);
    expect((await specialist.get('/api/patients?sort=-name')).status).toBe(200);
  });
});

describe('every access decision about patient data is one audit row with the patient id', () => {
  it('refusals decided in handlers: a researcher asking for notes, history, exports', async () => {
    const person = await create();
    for (const [path, action] of [
      ['notes', 'patients.notes.view'],
      ['status-history', 'patients.status_history.view'],
      ['export?format=json', 'patients.export_json'],
      ['export?format=fhir', 'patients.export_fhir'],
    ] as const) {
      const since = await lastAuditId();
      expect((await researcher.get(`/api/patients/${person.id}/${path}`)).status, path).toBe(403);
      expect(await auditSince(since), path).toEqual([
        expect.objectContaining({
          action,
          outcome: 'denied',
          patient_id: person.id,
          actor_role: 'researcher',
        }),
      ]);
    }
    const since = await lastAuditId();
    expect((await researcher.get('/api/patients/export.csv')).status).toBe(403);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'patients.export_csv', outcome: 'denied' }),
    ]);
  });

  it("amending someone else's note is refused and audited", async () => {
    const person = await create();
    const note = await specialist.post(`/api/patients/${person.id}/notes`, {
      body: 'Nota de la especialista.',
    });
    const since = await lastAuditId();
    expect(
      (
        await admin.patch(`/api/patients/${person.id}/notes/${note.body.id}`, {
          body: 'Cambio ajeno',
        })
      ).status,
    ).toBe(403);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        action: 'patients.notes.amend',
        outcome: 'denied',
        patient_id: person.id,
        actor_role: 'admin',
      }),
    ]);
  });

  it('guard refusals carry the patient id from the route', async () => {
    const person = await create();
    const since = await lastAuditId();
    expect(
      (await researcher.patch(`/api/patients/${person.id}`, { version: 1, priority: 'low' }))
        .status,
    ).toBe(403);
    expect(
      (await server.client().get(`/api/patients/${person.id.toUpperCase()}/notes`)).status,
    ).toBe(401);
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.outcome, r.patient_id])).toEqual([
      ['access.denied', 'denied', person.id],
      ['access.denied', 'denied', person.id],
    ]);
  });

  it('a list view writes one patients.list row per patient shown, and the patient sees it', async () => {
    const people = [
      await create({ name: 'Lista Auditada Uno' }),
      await create({ name: 'Lista Auditada Dos' }),
    ];
    const since = await lastAuditId();
    const res = await specialist.get('/api/patients?q=lista%20auditada&limit=10');
    expect(res.status).toBe(200);
    const shown = res.body.items.map((i: { id: string }) => i.id).sort();
    expect(shown).toEqual(people.map((p) => p.id).sort());
    const rows = (await auditSince(since)).filter((r) => r.action === 'patients.list');
    expect(rows.map((r) => r.patient_id).sort()).toEqual(shown);
    expect(rows.every((r) => r.outcome === 'success' && r.actor_role === 'specialist')).toBe(true);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);
  });

  it('a CSV export writes one patients.export_csv row per patient in it', async () => {
    const people = [
      await create({ name: 'Exportada Auditada Uno' }),
      await create({ name: 'Exportada Auditada Dos' }),
    ];
    const since = await lastAuditId();
    const res = await specialist.get('/api/patients/export.csv?q=exportada%20auditada');
    expect(res.status).toBe(200);
    const rows = (await auditSince(since)).filter((r) => r.action === 'patients.export_csv');
    expect(rows.map((r) => r.patient_id).sort()).toEqual(people.map((p) => p.id).sort());
  });

  it('"who viewed my record" shows list views and CSV exports that included the patient', async () => {
    const person = await create({ name: 'Portal Visto Lista' });
    const invite = await specialist.post(`/api/patients/${person.id}/invite`, {
      email: 'visto.lista@example.test',
    });
    const token = new URL(invite.body.link).searchParams.get('invite')!;
    const patient = server.client();
    await patient.signUp({
      name: 'Visto',
      email: 'visto.lista@example.test',
      password: 'a-long-enough-password',
    });
    expect((await patient.post('/api/portal/claim', { token })).status).toBe(200);
    await specialist.get('/api/patients?q=portal%20visto%20lista');
    await admin.get('/api/patients/export.csv?q=portal%20visto%20lista');
    const log = await patient.get('/api/portal/record/access-log');
    const actions = log.body.items.map((i: { action: string }) => i.action);
    expect(actions).toContain('patients.list');
    expect(actions).toContain('patients.export_csv');
  });
});
