/** Patients through the real server: validation, permissions, isolation, concurrency, exports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  DEMO,
  SAMPLE_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { readChartAudited } from './chart.repository';

let server: TestServer;
let specialist: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
  admin = await server.signIn(DEMO.admin);
});
afterAll(() => server?.close());

const valid = SAMPLE_PATIENT;

/** A new patient (`allowDuplicate`: many tests create the same person on purpose; see 'duplicates'). */
async function create(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/patients', { ...valid, allowDuplicate: true, ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('editing a patient', () => {
  it('changes only the fields sent: a status change keeps symptoms, medications and allergies', async () => {
    const patient = await create(specialist);
    const res = await specialist.patch(`/api/patients/${patient.id}`, {
      version: 1,
      status: 'in_treatment',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'in_treatment',
      version: 2,
      symptoms: valid.symptoms,
      currentMedications: valid.currentMedications,
      allergies: valid.allergies,
      medicalHistory: valid.medicalHistory,
      email: valid.email,
    });
  });
});

const patientCount = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from patient'))[0]!.n);

describe('validation (SPEC §5): a clear 400 and nothing written', () => {
  it.each([
    ['no name', { name: '  ' }, 'name', 'name_required'],
    ['a birth date in the future', { birthDate: '2999-01-01' }, 'birthDate', 'age_positive'],
    ['an impossible date', { birthDate: '1980-02-30' }, 'birthDate', 'invalid_date'],
    ['a bad e-mail', { email: 'jose@' }, 'email', 'invalid_email'],
    ['a bad phone', { contactNumber: 'call me' }, 'contactNumber', 'invalid_phone'],
    ['an unknown category', { category: 'cardiology' }, 'category', 'invalid_choice'],
    ['a number as name', { name: 42 }, 'name', undefined],
    ['an oversized name', { name: 'x'.repeat(121) }, 'name', 'too_long'],
    ['an oversized history', { medicalHistory: 'x'.repeat(10_001) }, 'medicalHistory', 'too_long'],
    [
      'too many allergies',
      { allergies: Array.from({ length: 51 }, (_, i) => `A${i}`) },
      'allergies',
      'too_many',
    ],
    ['an unknown field', { isVip: true }, '', undefined],
    ['a version on create', { version: 3 }, '', undefined],
  ])('%s', async (_label, overrides, path, message) => {
    const before = await patientCount();
    const res = await specialist.post('/api/patients', { ...valid, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const detail =
      res.body.error.details.find((d: { path: string }) => d.path === path) ??
      res.body.error.details[0];
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect(await patientCount()).toBe(before);
  });

  it('an unknown assigned specialist is refused', async () => {
    const res = await specialist.post('/api/patients', {
      ...valid,
      assignedSpecialistId: 'nobody',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'assignedSpecialistId' });
  });
});

describe('reading, audit and roles', () => {
  it('every read of a patient is audited with who and which patient', async () => {
    const patient = await create(specialist);
    const before = await auditCount(server, 'patients.view');
    expect((await specialist.get(`/api/patients/${patient.id}`)).status).toBe(200);
    expect(await auditCount(server, 'patients.view')).toBe(before + 1);
    const [row] = await server.sql<{ patient_id: string; actor_role: string }>(
      "select patient_id, actor_role from audit_log where action = 'patients.view' order by id desc limit 1",
    );
    expect(row).toEqual({ patient_id: patient.id, actor_role: 'specialist' });
  });

  it('concurrent reads share a statement, yet each gets its own patient and its own audit row', async () => {
    const patients = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        create(specialist, { name: `Lectura Concurrente ${i}` }),
      ),
    );
    const researcher = await server.signIn(DEMO.researcher);
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const since = Number(
      (
        await server.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log')
      )[0]!.id,
    );

    // all sent at once: the server answers them in batches (db/batcher.ts)
    const reads = await Promise.all([
      ...patients.map((p, i) =>
        (i % 3 === 2 ? researcher : i % 3 === 1 ? admin : specialist).get(`/api/patients/${p.id}`),
      ),
      specialist.get(`/api/patients/${unknown}`),
      specialist.get(`/api/patients/${unknown}`),
    ]);
    patients.forEach((p, i) => {
      expect(reads[i]!.status).toBe(200);
      expect(reads[i]!.body.id).toBe(p.id);
      if (i % 3 === 2) expect(reads[i]!.body).not.toHaveProperty('name');
      else expect(reads[i]!.body.name).toBe(`Lectura Concurrente ${i}`);
    });
    expect(reads.slice(-2).map((r) => r.status)).toEqual([404, 404]);

    const rows = await server.sql<{
      patient_id: string;
      actor_role: string;
      details: unknown;
      request_id: string | null;
    }>(
      "select patient_id, actor_role, details, request_id from audit_log where action = 'patients.view' and id > $1 order by id",
      [since],
    );
    // one row per patient found (none for the unknown id), with who read it and how
    expect(rows.map((r) => [r.patient_id, r.actor_role]).sort()).toEqual(
      patients.map((p, i) => [p.id, ['specialist', 'admin', 'researcher'][i % 3]]).sort(),
    );
    for (const r of rows)
      expect(r.details).toEqual(r.actor_role === 'researcher' ? { deidentified: true } : null);
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(rows.length);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);
  });

  it('one batch of chart reads gives each request its own patient and audit row, in order, details intact', async () => {
    const [a, b] = await Promise.all([
      create(specialist, { name: 'Lote Uno' }),
      create(specialist, { name: 'Lote Dos' }),
    ]);
    const unknown = '00000000-0000-4000-8000-00000000beef';
    const ids = [a.id, unknown, b.id, a.id];
    const detail = 'dijo "hola" \\ y {adiós}, [fin]';
    // called in one turn of the event loop: one batch, one statement (db/batcher.ts)
    const results = await Promise.all(
      ids.map((id, i) =>
        readChartAudited(server.deps.database, id, {
          action: 'test.batch_read',
          outcome: 'success',
          resource: 'patients',
          recordId: id,
          patientId: id,
          requestId: `batch-${i}`,
          details: i === 3 ? { detail, n: 3, ok: true } : null,
        }),
      ),
    );
    expect(results.map((r) => r?.row.name ?? null)).toEqual([
      'Lote Uno',
      null,
      'Lote Dos',
      'Lote Uno',
    ]);
    const rows = await server.sql<{ request_id: string; patient_id: string; details: unknown }>(
      "select request_id, patient_id, details from audit_log where action = 'test.batch_read' order by id",
    );
    expect(rows).toEqual([
      { request_id: 'batch-0', patient_id: a.id, details: null },
      { request_id: 'batch-2', patient_id: b.id, details: null },
      { request_id: 'batch-3', patient_id: a.id, details: { detail, n: 3, ok: true } },
    ]);
  });

  it('a read by an upper-case id is audited under the stored id (so it shows in "who viewed my record")', async () => {
    const patient = await create(specialist);
    expect((await specialist.get(`/api/patients/${patient.id.toUpperCase()}`)).status).toBe(200);
    const [row] = await server.sql<{ patient_id: string }>(
      "select patient_id from audit_log where action = 'patients.view' order by id desc limit 1",
    );
    expect(row!.patient_id).toBe(patient.id);
  });

  it('unknown or malformed ids are not found', async () => {
    expect(
      (await specialist.get('/api/patients/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await specialist.get('/api/patients/not-a-uuid')).status).toBe(404);
  });

  it('a researcher sees de-identified patients and no notes, exports or history', async () => {
    const patient = await create(specialist);
    const researcher = await server.signIn(DEMO.researcher);
    const one = await researcher.get(`/api/patients/${patient.id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual([
      'age',
      'category',
      'gender',
      'id',
      'priority',
      'status',
    ]);
    const list = await researcher.get('/api/patients?limit=5');
    expect(list.body.items.every((i: Record<string, unknown>) => !('name' in i))).toBe(true);
    for (const path of ['notes', 'status-history', 'export?format=json', 'export?format=fhir']) {
      expect((await researcher.get(`/api/patients/${patient.id}/${path}`)).status, path).toBe(403);
    }
    expect((await researcher.get('/api/patients/export.csv')).status).toBe(403);
  });

  it('only an administrator archives, and an archived patient is gone from reads and lists', async () => {
    const patient = await create(specialist, { name: 'Archivable Person' });
    expect((await specialist.delete(`/api/patients/${patient.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/patients/${patient.id}`)).status).toBe(204);
    expect((await specialist.get(`/api/patients/${patient.id}`)).status).toBe(404);
    expect((await specialist.get('/api/patients?q=archivable')).body.items).toHaveLength(0);
  });
});

describe('concurrent edits', () => {
  it('the second of two edits based on the same version gets 409 and changes nothing', async () => {
    const patient = await create(specialist);
    const other = await server.signIn(DEMO.admin);
    const first = await specialist.patch(`/api/patients/${patient.id}`, {
      version: 1,
      priority: 'low',
    });
    expect(first.status).toBe(200);
    const second = await other.patch(`/api/patients/${patient.id}`, {
      version: 1,
      priority: 'medium',
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('conflict');
    expect((await specialist.get(`/api/patients/${patient.id}`)).body).toMatchObject({
      priority: 'low',
      version: 2,
    });
  });

  it('parallel edits on one version: exactly one wins', async () => {
    const patient = await create(specialist);
    const results = await Promise.all(
      ['low', 'medium', 'high', 'low', 'medium'].map((priority) =>
        specialist.patch(`/api/patients/${patient.id}`, { version: 1, priority }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('records each status change in the history', async () => {
    const patient = await create(specialist);
    await specialist.patch(`/api/patients/${patient.id}`, { version: 1, status: 'in_treatment' });
    await specialist.patch(`/api/patients/${patient.id}`, { version: 2, status: 'follow_up' });
    const history = await specialist.get(`/api/patients/${patient.id}/status-history`);
    expect(
      history.body.items.map((h: { fromStatus: string | null; toStatus: string }) => [
        h.fromStatus,
        h.toStatus,
      ]),
    ).toEqual([
      ['in_treatment', 'follow_up'],
      ['new', 'in_treatment'],
      [null, 'new'],
    ]);
  });
});

describe('list: search, filters, sort, keyset pages (each test filters to its own clinician and rows)', () => {
  /** A clinician of this test only: its patients, filtered by `specialistId`, are the test's own rows. */
  async function ownClinician() {
    const res = await admin.post('/api/users', {
      name: `Clinician ${crypto.randomUUID().slice(0, 8)}`,
      email: `clinician-${crypto.randomUUID()}@example.test`,
      role: 'specialist',
      password: 'a-long-enough-password-2026',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    return {
      id,
      add: (overrides: Record<string, unknown>) =>
        create(specialist, { ...overrides, assignedSpecialistId: id }),
      list: (query: string) => specialist.get(`/api/patients?specialistId=${id}&${query}`),
    };
  }

  it('finds names with typos and without accents', async () => {
    const mine = await ownClinician();
    for (const name of [
      'José Núñez González',
      'María López Fernández',
      'Mario Lopes',
      'Zoë Ångström',
      'Íñigo Núñez',
      "Sean O'Brien",
      'Lucía Gómez',
    ]) {
      await mine.add({ name });
    }
    const names = async (q: string) =>
      (await mine.list(`q=${encodeURIComponent(q)}`)).body.items.map(
        (i: { name: string }) => i.name,
      );
    expect(await names('gonzales')).toContain('José Núñez González');
    expect(await names('nunez')).toEqual(expect.arrayContaining(['Íñigo Núñez']));
    expect(await names('angstrom')).toContain('Zoë Ångström');
    expect(await names('obrien')).toContain("Sean O'Brien"); // apostrophes are not part of the search key
    expect(await names("o'brien")).toContain("Sean O'Brien");
    expect(await names('brien')).toContain("Sean O'Brien");
    expect(await names('lopes')).toEqual(
      expect.arrayContaining(['Mario Lopes', 'María López Fernández']),
    );
    expect((await names('lopes'))[0]).toBe('Mario Lopes'); // the exact word ranks first
    expect(await names('fernandes')).toContain('María López Fernández'); // one wrong letter
    expect(await names('maria lopez')).toContain('María López Fernández');
    expect(await names('%')).toHaveLength(0);
  });

  it('filters by category and priority', async () => {
    const mine = await ownClinician();
    const rows = [
      ['mental_health', 'high'],
      ['mental_health', 'medium'],
      ['mental_health', 'low'],
      ['rehabilitation', 'high'],
    ] as const;
    const ids = [];
    for (const [i, [category, priority]] of rows.entries())
      ids.push((await mine.add({ name: `Filtro Propio ${i}`, category, priority })).id);
    const res = await mine.list('category=mental_health&priority=high,medium&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await specialist.get('/api/patients?category=cardiology')).status).toBe(400);
  });

  it('pages by -updatedAt keep rows changed within one millisecond (the cursor keeps microseconds)', async () => {
    const mine = await ownClinician();
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await mine.add({ name: `Mismo Milisegundo ${i}` }));
    // four changes in one millisecond, newest first in the list: .000400, .000300, .000200, .000100
    for (const [i, p] of rows.entries()) {
      await server.sql(`update patient set updated_at = $1::timestamptz where id = $2`, [
        `2099-01-01T00:00:00.000${i + 1}00Z`,
        p.id,
      ]);
    }
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page++) {
      const res: { body: { items: { id: string }[]; nextCursor: string | null } } = await mine.list(
        `sort=-updatedAt&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(res.body.items[0]!.id);
      cursor = res.body.nextCursor;
    }
    expect(paged).toEqual([...rows].reverse().map((p) => p.id));
  });

  it.each(['name', '-name', '-updatedAt', 'priority'])(
    'pages by %s without gaps or repeats',
    async (sort) => {
      const mine = await ownClinician();
      for (const [i, name] of [
        'Ana Uno',
        'ana uno',
        'Bea Dos',
        'Carla Tres',
        'Dora Cuatro',
        'Eva Cinco',
        'Flor Seis',
        'Gala Siete',
      ].entries()) {
        await mine.add({ name, priority: ['high', 'medium', 'low'][i % 3] });
      }
      const all = (await mine.list(`sort=${sort}&limit=100`)).body.items.map(
        (i: { id: string }) => i.id,
      );
      expect(all).toHaveLength(8);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: { items: { id: string }[]; nextCursor: string | null } } =
          await mine.list(`sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...res.body.items.map((i) => i.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    },
  );

  it('answers a search with the nearest names first, and says when more match than were sent', async () => {
    const mine = await ownClinician();
    for (const name of [
      'Quokka Ibarra',
      'Quokka Ibarra',
      'Quokka Ibarra',
      'Quokkas Ibarra',
      'Quoka Ibarra',
    ]) {
      await mine.add({ name });
    }
    const all = await mine.list('q=quokka&limit=100');
    expect(all.status).toBe(200);
    const names = all.body.items.map((i: { name: string }) => i.name);
    expect(names).toEqual([
      'Quokka Ibarra',
      'Quokka Ibarra',
      'Quokka Ibarra',
      'Quokkas Ibarra',
      'Quoka Ibarra',
    ]);
    expect(all.body).toMatchObject({ nextCursor: null, more: false });
    const two = await mine.list('q=quokka&limit=2');
    expect(two.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Quokka Ibarra',
      'Quokka Ibarra',
    ]);
    expect(two.body).toMatchObject({ nextCursor: null, more: true });
    // several words: each must be like a word of the name
    const both = await mine.list('q=ibara%20quokas&limit=100');
    expect(both.body.items.map((i: { name: string }) => i.name).sort()).toEqual([...names].sort());
    expect((await mine.list('q=quokka%20lopez')).body.items).toHaveLength(0);
    // a repeated word is one word; punctuation splits words as in names
    const repeated = await mine.list('q=quokka%20QUOKKA&limit=100');
    expect(repeated.body.items.map((i: { id: string }) => i.id)).toEqual(
      all.body.items.map((i: { id: string }) => i.id),
    );
    const punctuated = await mine.list(`q=${encodeURIComponent('quokka,ibarra!')}&limit=100`);
    expect(punctuated.body.items.map((i: { name: string }) => i.name).sort()).toEqual(
      [...names].sort(),
    );
    // a search is not paged: a cursor with it is refused
    const byName = (await mine.list('limit=1')).body.nextCursor as string;
    expect((await mine.list(`q=quokka&cursor=${byName}`)).status).toBe(400);
  });

  it('several words: exact holders first; when more hold every word than fit, those are answered', async () => {
    const mine = await ownClinician();
    for (const name of ['Koala Urrutia', 'Koala Urrutia', 'Koala Urrutia', 'Koala Urruttia'])
      await mine.add({ name });
    const few = await mine.list('q=koala%20urrutia&limit=10');
    expect(few.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Koala Urrutia',
      'Koala Urrutia',
      'Koala Urrutia',
      'Koala Urruttia',
    ]);
    expect(few.body.more).toBe(false);
    const two = await mine.list('q=urrutia%20koala&limit=2');
    expect(two.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Koala Urrutia',
      'Koala Urrutia',
    ]);
    expect(two.body.more).toBe(true);
  });

  it('keeps the word list of names current: a renamed patient is found by the new words', async () => {
    const mine = await ownClinician();
    const renamed = await mine.add({ name: 'Wombat Ferreira' });
    const res = await specialist.patch(`/api/patients/${renamed.id}`, {
      version: renamed.version,
      name: 'Wombat Zabaleta',
    });
    expect(res.status).toBe(200);
    const found = await mine.list('q=wombat%20zabaleta');
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([renamed.id]);
    expect((await mine.list('q=wombat%20ferreira')).body.items).toHaveLength(0);
  });

  it('refuses a forged cursor', async () => {
    const res = await specialist.get('/api/patients?cursor=bm90LWpzb24');
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('cursor');
  });
});

describe('clinician notes', () => {
  it('are authored and timestamped; only the author amends, and the earlier text is kept', async () => {
    const patient = await create(specialist);
    const note = await specialist.post(`/api/patients/${patient.id}/notes`, {
      body: 'Primera visita: EVA 8/10.',
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      body: 'Primera visita: EVA 8/10.',
      editable: true,
      amendments: [],
    });
    const amended = await specialist.patch(`/api/patients/${patient.id}/notes/${note.body.id}`, {
      body: 'Primera visita: EVA 7/10.',
    });
    expect(amended.body.body).toBe('Primera visita: EVA 7/10.');
    expect(amended.body.amendments.map((a: { body: string }) => a.body)).toEqual([
      'Primera visita: EVA 8/10.',
    ]);
    const byAdmin = await admin.patch(`/api/patients/${patient.id}/notes/${note.body.id}`, {
      body: 'Changed by someone else',
    });
    expect(byAdmin.status).toBe(403);
    const list = await admin.get(`/api/patients/${patient.id}/notes`);
    expect(list.body.items[0]).toMatchObject({
      body: 'Primera visita: EVA 7/10.',
      editable: false,
    });
    expect((await specialist.post(`/api/patients/${patient.id}/notes`, { body: '' })).status).toBe(
      400,
    );
  });

  it('a note older than the 500 newest can still be amended, and the answer is that note', async () => {
    const patient = await create(specialist);
    const first = await specialist.post(`/api/patients/${patient.id}/notes`, {
      body: 'Nota antigua.',
    });
    // 500 later notes by the same author, written directly
    await server.sql(
      `insert into patient_note (patient_id, author_id, body, created_at)
       select $1, author_id, 'Seguimiento ' || g, created_at + g * interval '1 second'
       from patient_note, generate_series(1, 500) g where id = $2`,
      [patient.id, first.body.id],
    );
    const amended = await specialist.patch(`/api/patients/${patient.id}/notes/${first.body.id}`, {
      body: 'Nota antigua, corregida.',
    });
    expect(amended.status, amended.text).toBe(200);
    expect(amended.body).toMatchObject({ id: first.body.id, body: 'Nota antigua, corregida.' });
  });
});

describe('duplicates: the same name and birth date again', () => {
  it('answers 409 duplicate_patient with the matches (case, accents and spaces ignored), unless confirmed', async () => {
    const first = await create(specialist, {
      name: 'Dúplica Ñoño Pérez',
      birthDate: '1966-06-06',
      allowDuplicate: undefined,
    });
    const before = await patientCount();
    const again = await specialist.post('/api/patients', {
      ...valid,
      name: '  duplica  NOÑO perez ',
      birthDate: '1966-06-06',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'duplicate_patient',
      details: { matches: [{ id: first.id, name: 'Dúplica Ñoño Pérez', birthDate: '1966-06-06' }] },
    });
    expect(again.body.error.message).toMatch(/already exists/);
    // the warning shows who the match is: an access to that record, audited with its id (so the
    // patient sees it in "who viewed my record"), although nothing was created
    const disclosed = await server.sql<{ patient_id: string; outcome: string; actor_role: string }>(
      "select patient_id, outcome, actor_role from audit_log where action = 'patients.duplicate_match' and patient_id = $1",
      [first.id],
    );
    expect(disclosed).toEqual([
      { patient_id: first.id, outcome: 'success', actor_role: 'specialist' },
    ]);
    const es = await server.client({ lang: 'es' });
    es.cookies.clear();
    for (const [k, v] of specialist.cookies) es.cookies.set(k, v);
    expect(
      (
        await es.post('/api/patients', {
          ...valid,
          name: 'Duplica Ñoño Pérez',
          birthDate: '1966-06-06',
        })
      ).body.error.message,
    ).toMatch(/Ya existe/);
    expect(await patientCount()).toBe(before);
    // another birth date is another person; a confirmed duplicate is created
    expect(
      (
        await specialist.post('/api/patients', {
          ...valid,
          name: 'Dúplica Ñoño Pérez',
          birthDate: '1966-06-07',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await specialist.post('/api/patients', {
          ...valid,
          name: 'Dúplica Ñoño Pérez',
          birthDate: '1966-06-06',
          allowDuplicate: true,
        })
      ).status,
    ).toBe(201);
    // an archived patient is no longer a match
    const archived = await create(specialist, {
      name: 'Archivada Duplicable',
      birthDate: '1955-05-05',
      allowDuplicate: undefined,
    });
    expect((await admin.delete(`/api/patients/${archived.id}`)).status).toBe(204);
    expect(
      (
        await specialist.post('/api/patients', {
          ...valid,
          name: 'Archivada Duplicable',
          birthDate: '1955-05-05',
        })
      ).status,
    ).toBe(201);
  });
});

describe('exports', () => {
  it('JSON and FHIR R4 (Patient, AllergyIntolerance, MedicationStatement, Condition)', async () => {
    const patient = await create(specialist);
    const json = await specialist.get(`/api/patients/${patient.id}/export?format=json`);
    expect(json.headers.get('content-disposition')).toContain('attachment');
    expect(json.body.patient).toMatchObject({ id: patient.id, allergies: valid.allergies });
    const fhir = await specialist.get(`/api/patients/${patient.id}/export?format=fhir`);
    expect(fhir.headers.get('content-type')).toContain('application/fhir+json');
    expect(fhir.body).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const types = fhir.body.entry.map(
      (e: { resource: { resourceType: string } }) => e.resource.resourceType,
    );
    expect(types).toEqual([
      'Patient',
      'AllergyIntolerance',
      'MedicationStatement',
      'Condition',
      'Condition',
    ]);
    expect(fhir.body.entry[0].resource).toMatchObject({
      gender: 'male',
      birthDate: '1980-05-02',
      name: [{ text: valid.name }],
    });
    expect(fhir.body.entry[1].resource).toMatchObject({
      code: { text: 'Penicilina' },
      patient: { reference: `urn:uuid:${patient.id}` },
    });
  });

  it('CSV of the filtered list, with every column', async () => {
    await create(specialist, {
      name: 'Csv Export Person',
      symptoms: ['Cefalea', 'Insomnio'],
      contactNumber: null,
    });
    const res = await specialist.get('/api/patients/export.csv?q=csv%20export');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'id,name,birthDate,gender,category,priority,status,contactNumber,email,symptoms,medicalHistory,currentMedications,allergies',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Cefalea|Insomnio');
  });
});

describe('patient portal: a patient sees only their own record', () => {
  it('invite, claim, read own record, see who viewed it; every staff endpoint is closed to them', async () => {
    const alice = await create(specialist, { name: 'Alice Portal' });
    const bob = await create(specialist, { name: 'Bob Portal' });
    const invite = await specialist.post(`/api/patients/${alice.id}/invite`, {
      email: 'alice@example.test',
    });
    expect(invite.status).toBe(200);
    expect(invite.body.delivered).toBe('none');
    const token = new URL(invite.body.link).searchParams.get('invite')!;
    expect((await specialist.get(`/api/patients/${alice.id}`)).body.portal.state).toBe('invited');

    const aliceClient = server.client();
    await aliceClient.signUp({
      name: 'Alice',
      email: 'alice@example.test',
      password: 'a-long-enough-password',
    });
    expect((await aliceClient.get('/api/portal/record')).status).toBe(404);
    expect((await aliceClient.post('/api/portal/claim', { token: 'x'.repeat(43) })).status).toBe(
      404,
    );
    expect((await aliceClient.post('/api/portal/claim', { token })).status).toBe(200);
    expect((await aliceClient.post('/api/portal/claim', { token })).status).toBe(409);
    expect((await specialist.post('/api/portal/claim', { token })).status).toBe(403);

    const own = await aliceClient.get('/api/portal/record');
    expect(own.body).toMatchObject({
      id: alice.id,
      name: 'Alice Portal',
      portal: { state: 'linked' },
    });

    for (const [method, path] of [
      ['GET', '/api/patients'],
      ['GET', `/api/patients/${alice.id}`],
      ['GET', `/api/patients/${bob.id}`],
      ['PATCH', `/api/patients/${alice.id}`],
      ['DELETE', `/api/patients/${bob.id}`],
      ['GET', `/api/patients/${alice.id}/notes`],
      ['POST', `/api/patients/${alice.id}/notes`],
      ['GET', `/api/patients/${alice.id}/status-history`],
      ['GET', `/api/patients/${alice.id}/export?format=fhir`],
      ['POST', `/api/patients/${bob.id}/invite`],
      ['GET', '/api/patients/export.csv'],
      ['POST', '/api/patients/import'],
      ['POST', '/api/patients'],
    ] as const) {
      const res = await aliceClient.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? {} : { json: {} },
      );
      expect(res.status, `${method} ${path}`).toBe(403);
    }

    await specialist.get(`/api/patients/${alice.id}`);
    const log = await aliceClient.get('/api/portal/record/access-log');
    expect(log.status).toBe(200);
    expect(log.body.items[0]).toMatchObject({
      who: 'Dra. Sofía Especialista',
      role: 'specialist',
      action: 'patients.view',
    });
    expect(log.body.items.some((i: { action: string }) => i.action === 'portal.view_own')).toBe(
      false,
    );
    expect(JSON.stringify(log.body)).not.toContain('Bob Portal');
  });
});
