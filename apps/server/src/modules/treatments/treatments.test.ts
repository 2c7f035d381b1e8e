/**
 * Treatment plans through the real server: permissions per role and row rules (a patient sees only
 * their own, never a draft; a researcher nothing), every change a version (409 on a stale one),
 * explicit status transitions, one active plan per patient under a race, the patient's
 * acknowledgement, progress from real questionnaire submissions (plan, patient list, chart), bad
 * input that writes nothing, and the audit rows with the patient id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '@painlab/clinical';
import { ROLES, type Role } from '@painlab/shared/permissions';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
let otherPatient: ApiClient;
let ownRecord: string;
let otherRecord: string;

const userId = (email: string) => server.userId(email);

const count = async (sqlText: string, params: unknown[] = []) =>
  Number(Object.values((await server.sql(sqlText, params))[0]!)[0]);

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  await createAccount(server, {
    role: 'user',
    email: 'otro@plans.test',
    name: 'Otro Paciente',
    password: DEMO_PASSWORD,
  });
  otherPatient = await server.signIn('otro@plans.test');
  const a = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Marta Plan' });
  const b = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Otro Plan' });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  ownRecord = a.body.id;
  otherRecord = b.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [
    await userId('otro@plans.test'),
    otherRecord,
  ]);
});
afterAll(() => server?.close());

const planBody = (patientId: string, extra: Record<string, unknown> = {}) => ({
  patientId,
  title: 'Lumbalgia: plan de seis meses',
  summary: 'Ejercicio y educación en dolor.',
  problems: [{ text: 'Lumbalgia crónica' }],
  goals: [
    {
      text: 'BPI interferencia < 4',
      measure: {
        instrumentId: 'bpi',
        measure: 'interference',
        comparator: 'lt',
        target: 4,
        baseline: 8,
      },
      targetDate: '2031-03-01',
    },
    { text: 'Caminar 30 minutos' },
  ],
  interventions: [
    {
      kind: 'home_exercise',
      title: 'Puente de glúteos',
      details: '2 × 10',
      frequency: 'daily',
    },
    { kind: 'medication', title: 'Pregabalina 75 mg', frequency: 'daily' },
  ],
  startsOn: '2030-01-10',
  reviewOn: '2030-02-10',
  clinicianIds: [ids.specialist],
  ...extra,
});

type Plan = {
  id: string;
  version: number;
  status: string;
  content: { title: string; goals: { id: string; measure: { baseline: number | null } | null }[] };
  history: { version: number; kind: string; changed: string[]; changedBy: { id: string } | null }[];
  progress: { percent: number | null; goals: { percent: number | null; latest: number | null }[] };
  acknowledgements: { version: number }[];
  points: { value: number }[];
};

async function createPlan(patientId = ownRecord, extra: Record<string, unknown> = {}) {
  const res = await as.specialist.post('/api/treatments', planBody(patientId, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Plan;
}

/** The plan's content as read (items keep their ids), with `extra` on top. */
const revise = (client: ApiClient, plan: Plan, extra: Record<string, unknown> = {}) => {
  const { patientId: _p, ...body } = planBody(ownRecord);
  void _p;
  const { problems, goals, interventions } = plan.content as unknown as Record<string, unknown>;
  return client.request('PATCH', `/api/treatments/${plan.id}`, {
    json: { ...body, problems, goals, interventions, version: plan.version, ...extra },
  });
};

const setStatus = (client: ApiClient, plan: { id: string; version: number }, status: string) =>
  client.post(`/api/treatments/${plan.id}/status`, { status, version: plan.version });

/** Ends any active plan of a patient, so a test can activate its own. */
async function closeActive(patientId: string) {
  await server.sql(
    "update treatment_plan set status = 'discontinued' where patient_id = $1 and status = 'active'",
    [patientId],
  );
}

describe('creating and reading', () => {
  it('a specialist creates a draft, version 1, audited with the patient id', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({ status: 'draft', version: 1 });
    expect(plan.history).toEqual([
      expect.objectContaining({ version: 1, kind: 'created', changedBy: expect.anything() }),
    ]);
    expect(plan.content.goals[0]!.measure!.baseline).toBe(8);
    const [row] = await server.sql<{ patient_id: string; outcome: string }>(
      "select patient_id, outcome from audit_log where action = 'treatments.create' and record_id = $1",
      [plan.id],
    );
    expect(row).toEqual({ patient_id: ownRecord, outcome: 'success' });
  });

  it('an admin reads any plan; the read is audited with the patient id', async () => {
    const plan = await createPlan();
    const res = await as.admin.get(`/api/treatments/${plan.id}`);
    expect(res.status).toBe(200);
    expect(res.body.patient.id).toBe(ownRecord);
    expect(
      await count(
        "select count(*) from audit_log where action = 'treatments.view' and record_id = $1 and patient_id = $2",
        [plan.id, ownRecord],
      ),
    ).toBe(1);
  });

  it('the list filters by status, patient and search, with keyset pages', async () => {
    const a = await createPlan(otherRecord, { title: 'Plan zeta único' });
    const res = await as.specialist.get(`/api/treatments?patientId=${otherRecord}&q=zeta`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const drafts = await as.specialist.get('/api/treatments?status=draft&limit=1');
    expect(drafts.body.items).toHaveLength(1);
    expect(drafts.body.nextCursor).toEqual(expect.any(String));
    const next = await as.specialist.get(
      `/api/treatments?status=draft&limit=1&cursor=${drafts.body.nextCursor}`,
    );
    expect(next.status).toBe(200);
    expect(next.body.items[0].id).not.toBe(drafts.body.items[0].id);
    const bad = await as.specialist.get('/api/treatments?cursor=nonsense');
    expect(bad.status).toBe(400);
    const mine = await as.admin.get('/api/treatments?mine=true');
    expect(mine.body.items).toEqual([]); // the admin is responsible for none
  });
});

describe('permissions per role', () => {
  it('a researcher is refused every treatments route (403, audited)', async () => {
    const plan = await createPlan();
    for (const [method, path] of [
      ['GET', '/api/treatments'],
      ['GET', `/api/treatments/${plan.id}`],
      ['GET', '/api/treatments/mine'],
    ] as const) {
      const before = await count("select count(*) from audit_log where action = 'access.denied'");
      const res = await as.researcher.request(method, path);
      expect(res.status, path).toBe(403);
      expect(await count("select count(*) from audit_log where action = 'access.denied'")).toBe(
        before + 1,
      );
    }
    const created = await as.researcher.post('/api/treatments', planBody(ownRecord));
    expect(created.status).toBe(403);
    // the refusal of a plan's route names the plan's patient, as a patient route's would
    await as.researcher.request('GET', `/api/treatments/${plan.id}/versions/1`);
    const rows = await server.sql<{ patient_id: string | null; record_id: string | null }>(
      "select patient_id, record_id from audit_log where action = 'access.denied' order by id desc limit 1",
    );
    expect(rows[0]).toEqual({ patient_id: ownRecord, record_id: plan.id });
  });

  it('a patient may not create, revise or change a status (403)', async () => {
    const plan = await createPlan();
    expect((await as.user.post('/api/treatments', planBody(ownRecord))).status).toBe(403);
    expect((await revise(as.user, plan)).status).toBe(403);
    expect((await setStatus(as.user, plan, 'active')).status).toBe(403);
  });

  it("a patient sees only their own plans, never a draft; anyone else's is a 404, audited", async () => {
    await closeActive(ownRecord);
    const draft = await createPlan();
    const own = await createPlan();
    const active = (await setStatus(as.specialist, own, 'active')).body as Plan;
    const other = await createPlan(otherRecord);
    await closeActive(otherRecord);
    await setStatus(as.specialist, other, 'active');

    expect((await as.user.get(`/api/treatments/${active.id}`)).status).toBe(200);
    expect((await as.user.get(`/api/treatments/${draft.id}`)).status).toBe(404);
    const res = await as.user.get(`/api/treatments/${other.id}`);
    expect(res.status).toBe(404);
    const [denied] = await server.sql<{ patient_id: string; details: { reason: string } }>(
      "select patient_id, details from audit_log where action = 'treatments.view' and outcome = 'denied' and record_id = $1",
      [other.id],
    );
    expect(denied).toEqual({ patient_id: otherRecord, details: { reason: 'not_own' } });

    const list = await as.user.get('/api/treatments');
    const listed = list.body.items.map((i: { id: string }) => i.id);
    expect(listed).toContain(active.id);
    expect(listed).not.toContain(draft.id);
    expect(listed).not.toContain(other.id);
    // asking for another patient's plans is refused, and audited with that patient
    const asking = await as.user.get(`/api/treatments?patientId=${otherRecord}`);
    expect(asking.status).toBe(404);
    const [refusedList] = await server.sql<{ patient_id: string }>(
      "select patient_id from audit_log where action = 'treatments.list' and outcome = 'denied' and request_id = $1",
      [asking.body.error.requestId],
    );
    expect(refusedList).toEqual({ patient_id: otherRecord });
    // the other patient's version view is refused too
    expect((await otherPatient.get(`/api/treatments/${active.id}/versions/1`)).status).toBe(404);
  });

  it('a patient never sees what was written while a plan was a draft, nor a draft dropped unstarted', async () => {
    await closeActive(ownRecord);
    const draft = await createPlan(ownRecord, { title: 'Borrador: texto de trabajo' });
    const revised = (await revise(as.specialist, draft, { title: 'Plan para la paciente' }))
      .body as Plan;
    const started = (await setStatus(as.specialist, revised, 'active')).body as Plan;
    expect(started.version).toBe(3);

    const seen = await as.user.get(`/api/treatments/${draft.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.history.map((h: { version: number }) => h.version)).toEqual([3]);
    expect(JSON.stringify(seen.body)).not.toContain('Borrador');
    for (const v of [1, 2]) {
      const res = await as.user.get(`/api/treatments/${draft.id}/versions/${v}`);
      expect(res.status).toBe(404);
      const [row] = await server.sql<{ patient_id: string; details: { reason: string } }>(
        "select patient_id, details from audit_log where action = 'treatments.view_version' and outcome = 'denied' and request_id = $1",
        [res.body.error.requestId],
      );
      expect(row).toEqual({ patient_id: ownRecord, details: { reason: 'draft_version' } });
    }
    expect((await as.user.get(`/api/treatments/${draft.id}/versions/3`)).status).toBe(200);
    // staff still see every version
    const staffView = await as.specialist.get(`/api/treatments/${draft.id}`);
    expect(staffView.body.history.map((h: { version: number }) => h.version)).toEqual([1, 2, 3]);

    const dropped = await createPlan(ownRecord, { title: 'Descartado sin empezar' });
    await setStatus(as.specialist, dropped, 'discontinued');
    expect((await as.user.get(`/api/treatments/${dropped.id}`)).status).toBe(404);
    expect((await as.user.get(`/api/treatments/${dropped.id}/versions/1`)).status).toBe(404);
    const list = (await as.user.get('/api/treatments')).body.items.map((i: { id: string }) => i.id);
    expect(list).toContain(draft.id);
    expect(list).not.toContain(dropped.id);
  });

  it('an admin deletes a draft, nothing else (409)', async () => {
    const draft = await createPlan();
    expect((await as.specialist.request('DELETE', `/api/treatments/${draft.id}`)).status).toBe(403);
    expect((await as.admin.request('DELETE', `/api/treatments/${draft.id}`)).status).toBe(204);
    expect(
      await count('select count(*) from treatment_plan_version where plan_id = $1', [draft.id]),
    ).toBe(0);
    await closeActive(ownRecord);
    const plan = await createPlan();
    await setStatus(as.specialist, plan, 'active');
    const res = await as.admin.request('DELETE', `/api/treatments/${plan.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('transition_not_allowed');
  });
});

describe('versions', () => {
  it('each revision is a new version with who and what changed; old versions stay readable', async () => {
    const plan = await createPlan();
    const res = await revise(as.specialist, plan, {
      title: 'Plan revisado',
      note: 'Más ejercicio',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v2 = res.body as Plan;
    expect(v2.version).toBe(2);
    expect(v2.history.map((h) => [h.version, h.kind])).toEqual([
      [1, 'created'],
      [2, 'revised'],
    ]);
    expect(v2.history[1]!.changed).toEqual(['title']);
    expect(v2.history[1]!.changedBy!.id).toBe(ids.specialist);
    // item ids are kept, so the versions compare item by item
    expect(v2.content.goals.map((g) => g.id)).toHaveLength(2);
    const v1 = await as.specialist.get(`/api/treatments/${plan.id}/versions/1`);
    expect(v1.status).toBe(200);
    expect(v1.body.content.title).toBe('Lumbalgia: plan de seis meses');
    expect((await as.specialist.get(`/api/treatments/${plan.id}/versions/9`)).status).toBe(404);
  });

  it('a stale version is a 409 and changes nothing; of two revisions at once, one wins', async () => {
    const plan = await createPlan();
    await revise(as.specialist, plan, { title: 'Primera' });
    const stale = await revise(as.admin, plan, { title: 'Con versión vieja' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const [row] = await server.sql<{ title: string; version: number }>(
      'select title, version from treatment_plan where id = $1',
      [plan.id],
    );
    expect(row).toEqual({ title: 'Primera', version: 2 });
    const fresh = { ...plan, version: 2 };
    const [a, b] = await Promise.all([
      revise(as.specialist, fresh, { title: 'A' }),
      revise(as.admin, fresh, { title: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(
      await count('select count(*) from treatment_plan_version where plan_id = $1', [plan.id]),
    ).toBe(3);
    expect(
      await count(
        "select count(*) from audit_log where action = 'treatments.revise' and outcome = 'denied' and patient_id = $1",
        [ownRecord],
      ),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('status transitions', () => {
  it('only the allowed ones; closed plans cannot be revised', async () => {
    await closeActive(ownRecord);
    const plan = await createPlan();
    const wrong = await setStatus(as.specialist, plan, 'completed');
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('transition_not_allowed');
    const active = (await setStatus(as.specialist, plan, 'active')).body as Plan;
    expect(active).toMatchObject({ status: 'active', version: 2 });
    expect(active.history[1]).toMatchObject({ kind: 'status', changed: [] });
    expect((await setStatus(as.specialist, active, 'draft')).status).toBe(409);
    const done = (await setStatus(as.specialist, active, 'completed')).body as Plan;
    expect(done.status).toBe('completed');
    const closed = await revise(as.specialist, done);
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('transition_not_allowed');
    expect((await setStatus(as.specialist, done, 'active')).status).toBe(409);
  });

  it('one active plan per patient: of two activations at once, exactly one wins', async () => {
    const patient = await as.specialist.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name: 'Carrera Activa',
    });
    const a = await createPlan(patient.body.id);
    const b = await createPlan(patient.body.id);
    const [ra, rb] = await Promise.all([
      setStatus(as.specialist, a, 'active'),
      setStatus(as.admin, b, 'active'),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.error.code).toBe('plan_already_active');
    expect(loser.body.error.message).toMatch(/already has an active treatment plan/);
    expect(
      await count(
        "select count(*) from treatment_plan where patient_id = $1 and status = 'active'",
        [patient.body.id],
      ),
    ).toBe(1);
    // the database itself refuses a second active plan
    await expect(
      server.sql("update treatment_plan set status = 'active' where patient_id = $1", [
        patient.body.id,
      ]),
    ).rejects.toThrow();
  });
});

describe('acknowledgement', () => {
  it('the patient acknowledges the current version once; a revision asks again', async () => {
    await closeActive(ownRecord);
    const plan = await createPlan();
    const active = (await setStatus(as.specialist, plan, 'active')).body as Plan;

    const mine = await as.user.get('/api/treatments/mine');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ plan: { id: plan.id, version: 2 }, acknowledged: false });

    const stale = await as.user.post(`/api/treatments/${plan.id}/acknowledge`, { version: 1 });
    expect(stale.status).toBe(409);
    const ok = await as.user.post(`/api/treatments/${plan.id}/acknowledge`, { version: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.acknowledged).toBe(true);
    await as.user.post(`/api/treatments/${plan.id}/acknowledge`, { version: 2 });
    expect(
      await count('select count(*) from treatment_plan_acknowledgement where plan_id = $1', [
        plan.id,
      ]),
    ).toBe(1);
    expect(
      await count(
        "select count(*) from audit_log where action = 'treatments.acknowledge' and outcome = 'success' and patient_id = $1 and record_id = $2",
        [ownRecord, plan.id],
      ),
    ).toBe(1);

    const staff = await as.specialist.post(`/api/treatments/${plan.id}/acknowledge`, {
      version: 2,
    });
    expect(staff.status).toBe(403);
    const other = await otherPatient.post(`/api/treatments/${plan.id}/acknowledge`, {
      version: 2,
    });
    expect(other.status).toBe(404);

    const revised = (await revise(as.specialist, active, { title: 'Nueva versión' })).body as Plan;
    expect(revised.version).toBe(3);
    const again = await as.user.get('/api/treatments/mine');
    expect(again.body).toMatchObject({ acknowledged: false, plan: { version: 3 } });
    expect(again.body.plan.acknowledgements).toEqual([expect.objectContaining({ version: 2 })]);
  });

  it('a patient without a plan gets none', async () => {
    const res = await otherPatient.get('/api/treatments/mine');
    expect(res.status).toBe(200);
    expect(res.body.plan === null || res.body.plan.patient.id === otherRecord).toBe(true);
  });
});

describe('progress', () => {
  it('comes from the latest result against baseline and target: plan, list and chart', async () => {
    const patient = await as.specialist.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name: 'Progreso Medido',
    });
    const pid = patient.body.id as string;
    const plan = await createPlan(pid);
    const active = (await setStatus(as.specialist, plan, 'active')).body as Plan;
    expect(active.progress.percent).toBeNull(); // no result yet

    // a BPI entered from paper by the specialist
    const assigned = await as.specialist.post(`/api/patients/${pid}/questionnaires/schedules`, {
      instrumentId: 'bpi',
    });
    const answers = [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5];
    const submitted = await as.specialist.post(
      `/api/questionnaires/assignments/${assigned.body.released[0].id}/submit`,
      { answers },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const interference = score('bpi', answers).subscales.interference!;
    expect(interference).toBe(5.14); // 36 / 7, which the BPI reports to two decimals

    const read = (await as.specialist.get(`/api/treatments/${plan.id}`)).body as Plan;
    // (8 − 5.14) / (8 − 4) = 71.5 % → 72; the goal without a measure does not count
    expect(read.progress.goals[0]).toMatchObject({ percent: 72, met: false, latest: 5.14 });
    expect(read.progress.goals[1]).toMatchObject({ percent: null, met: null });
    expect(read.progress.percent).toBe(72);
    expect(read.points).toHaveLength(1);

    const list = await as.specialist.get(
      `/api/patients?q=${encodeURIComponent('Progreso Medido')}`,
    );
    expect(list.body.items.find((i: { id: string }) => i.id === pid).progress).toBe(72);
    expect((await as.specialist.get(`/api/patients/${pid}`)).body.progress).toBe(72);
    const plans = await as.specialist.get(`/api/treatments?patientId=${pid}`);
    expect(plans.body.items[0].progress).toBe(72);

    // a goal whose baseline is left out takes the latest result
    const revised = await revise(as.specialist, read, {
      goals: [
        {
          text: 'PHQ-9 < 5',
          measure: { instrumentId: 'bpi', measure: 'severity', comparator: 'lte', target: 2 },
        },
      ],
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body.content.goals[0].measure.baseline).toBe(
      score('bpi', answers).subscales.severity,
    );
    expect(revised.body.progress.percent).toBe(0);
  });
});

describe('bad input', () => {
  it('NUL bytes, huge strings, unknown fields, wrong measures and clinicians: 400, nothing written', async () => {
    const before = await count('select count(*) from treatment_plan');
    const cases: Record<string, unknown>[] = [
      planBody(ownRecord, { title: 'con\u0000nulo' }),
      planBody(ownRecord, { title: 'x'.repeat(5_000) }),
      planBody(ownRecord, { problems: Array.from({ length: 500 }, () => ({ text: 'p' })) }),
      planBody(ownRecord, { colour: 'red' }),
      planBody(ownRecord, {
        goals: [
          {
            text: 'g',
            measure: { instrumentId: 'bpi', measure: 'nope', comparator: 'lt', target: 4 },
          },
        ],
      }),
      planBody(ownRecord, {
        goals: [
          {
            text: 'g',
            measure: { instrumentId: 'xyz', measure: 'total', comparator: 'lt', target: 4 },
          },
        ],
      }),
      planBody(ownRecord, { clinicianIds: [ids.user] }),
      planBody(ownRecord, { clinicianIds: [] }),
      planBody(ownRecord, { reviewOn: '2020-01-01' }),
      planBody(ownRecord, { startsOn: '2030-02-30' }),
      planBody(ownRecord, {
        interventions: [{ kind: 'magic', title: 't', frequency: 'daily' }],
      }),
      planBody('00000000-0000-0000-0000-000000000000'),
      planBody('not-a-uuid'),
    ];
    for (const body of cases) {
      const res = await as.specialist.post('/api/treatments', body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect(await count('select count(*) from treatment_plan')).toBe(before);

    const plan = await createPlan();
    const res = await as.specialist.post(`/api/treatments/${plan.id}/status`, {
      status: 'active',
      version: 1,
      extra: true,
    });
    expect(res.status).toBe(400);
    expect((await as.specialist.get('/api/treatments/not-a-uuid')).status).toBe(404);
    const es = await server.signIn(DEMO.specialist);
    const spanish = await es.request('POST', '/api/treatments', {
      json: planBody(ownRecord, { colour: 'red' }),
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.error.message).toMatch(/campos/);
  });
});
