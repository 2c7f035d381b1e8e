/**
 * Tasks through the real server: per-role access on every endpoint, a patient's isolation (IDOR),
 * transitions, stale and concurrent edits, bad input, audit rows, and createSystemTask inside its
 * caller's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createSystemTask } from './tasks.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
let anon: ApiClient;
let otherPatient: ApiClient;
let otherPatientUserId: string;
/** The demo patient's own record (linked to the demo `user` account) and someone else's. */
let ownRecord: string;
let otherRecord: string;

const userId = (email: string) => server.userId(email);

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  anon = server.client();
  await createAccount(server, {
    role: 'user',
    email: 'otra@tasks.test',
    name: 'Otra Paciente',
    password: DEMO_PASSWORD,
  });
  otherPatientUserId = await userId('otra@tasks.test');
  otherPatient = await server.signIn('otra@tasks.test');
  const a = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Pablo Paciente',
  });
  const b = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Otra Paciente',
  });
  ownRecord = a.body.id;
  otherRecord = b.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [
    otherPatientUserId,
    otherRecord,
  ]);
});
afterAll(() => server?.close());

let seq = 0;
async function create(overrides: Record<string, unknown> = {}, client = as.specialist) {
  const res = await client.post('/api/tasks', {
    title: `Tarea ${++seq}`,
    assignee: { kind: 'user', userId: ids.specialist },
    priority: 'medium',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
/** A task for the demo patient about their own record (their home exercises). */
const forPatient = (overrides: Record<string, unknown> = {}) =>
  create({ patientId: ownRecord, assignee: { kind: 'user', userId: ids.user }, ...overrides });
const forOtherPatient = () =>
  create({ patientId: otherRecord, assignee: { kind: 'user', userId: otherPatientUserId } });

const taskRow = async (id: string) =>
  (
    await server.sql<{ status: string; version: number; title: string; priority: string }>(
      'select status, version, title, priority from task where id = $1',
      [id],
    )
  )[0]!;
const taskCount = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from task'))[0]!.n);
const lastAudit = async (action: string) =>
  (
    await server.sql<{
      outcome: string;
      patient_id: string | null;
      actor_role: string;
      record_id: string;
    }>(
      'select outcome, patient_id, actor_role, record_id from audit_log where action = $1 order by id desc limit 1',
      [action],
    )
  )[0];

describe('creating and reading', () => {
  it('staff create a task; it starts new at version 1, with its author and history', async () => {
    const task = await create({
      title: 'Revisar analítica',
      dueDate: '2030-01-02',
      priority: 'high',
    });
    expect(task).toMatchObject({
      title: 'Revisar analítica',
      status: 'new',
      version: 1,
      priority: 'high',
      dueDate: '2030-01-02',
      assignee: { kind: 'user', id: ids.specialist },
      createdBy: { id: ids.specialist },
      reason: null,
      editable: true,
      allowedTransitions: ['in_progress', 'done', 'cancelled'],
    });
    const history = await as.specialist.get(`/api/tasks/${task.id}/history`);
    expect(history.body.items).toMatchObject([{ kind: 'created', toStatus: 'new' }]);
  });

  it('a task may go to a role queue', async () => {
    const task = await create({ assignee: { kind: 'queue', role: 'specialist' } }, as.admin);
    expect(task.assignee).toEqual({ kind: 'queue', role: 'specialist' });
  });

  it.each(['researcher', 'user'] as const)(
    '%s may not create a task (403, audited)',
    async (role) => {
      const before = await taskCount();
      const res = await as[role].post('/api/tasks', {
        title: 'x',
        patientId: ownRecord,
        assignee: { kind: 'user', userId: ids[role] },
      });
      expect(res.status).toBe(403);
      expect(await taskCount()).toBe(before);
      expect(await lastAudit('tasks.create')).toMatchObject({
        outcome: 'denied',
        patient_id: ownRecord,
        actor_role: role,
      });
    },
  );

  it('signed out: every endpoint is 401', async () => {
    const task = await create();
    const calls = [
      anon.get('/api/tasks'),
      anon.get('/api/tasks/assignees'),
      anon.post('/api/tasks', { title: 'x', assignee: { kind: 'queue', role: 'admin' } }),
      anon.get(`/api/tasks/${task.id}`),
      anon.patch(`/api/tasks/${task.id}`, { version: 1, title: 'y' }),
      anon.post(`/api/tasks/${task.id}/transition`, { version: 1, status: 'done' }),
      anon.get(`/api/tasks/${task.id}/comments`),
      anon.post(`/api/tasks/${task.id}/comments`, { body: 'x' }),
      anon.get(`/api/tasks/${task.id}/history`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    expect((await taskRow(task.id)).version).toBe(1);
  });

  it('reading a task about a patient is audited with the patient id', async () => {
    const task = await forPatient();
    expect((await as.admin.get(`/api/tasks/${task.id}`)).status).toBe(200);
    expect(await lastAudit('tasks.view')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
      actor_role: 'admin',
      record_id: task.id,
    });
    expect(await lastAudit('tasks.create')).toBeDefined();
  });
});

describe('a patient sees and touches only their own tasks', () => {
  it('the list holds only tasks assigned to them', async () => {
    const mine = await forPatient();
    const theirs = await forOtherPatient();
    const staffOnly = await create({ patientId: ownRecord });
    const res = await as.user.get('/api/tasks?limit=200');
    expect(res.status).toBe(200);
    const listed = res.body.items.map((t: { id: string }) => t.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect(listed).not.toContain(staffOnly.id);
    for (const t of res.body.items)
      expect(t.assignee).toMatchObject({ kind: 'user', id: ids.user });
    const other = (await otherPatient.get('/api/tasks?limit=200')).body.items.map(
      (t: { id: string }) => t.id,
    );
    expect(other).toContain(theirs.id);
    expect(other).not.toContain(mine.id);
    expect(res.body.items.find((t: { id: string }) => t.id === mine.id)).toMatchObject({
      editable: false,
      allowedTransitions: ['done'],
    });
  });

  it("another patient's task: every endpoint answers 404, each refusal audited with that patient", async () => {
    const theirs = await forOtherPatient();
    const before = await taskRow(theirs.id);
    const calls = [
      () => as.user.get(`/api/tasks/${theirs.id}`),
      () => as.user.patch(`/api/tasks/${theirs.id}`, { version: 1, title: 'hacked' }),
      () => as.user.post(`/api/tasks/${theirs.id}/transition`, { version: 1, status: 'done' }),
      () => as.user.get(`/api/tasks/${theirs.id}/comments`),
      () => as.user.post(`/api/tasks/${theirs.id}/comments`, { body: 'hola' }),
      () => as.user.get(`/api/tasks/${theirs.id}/history`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await taskRow(theirs.id)).toEqual(before);
    const denied = await server.sql<{ action: string; patient_id: string }>(
      "select action, patient_id from audit_log where outcome = 'denied' and record_id = $1 order by id",
      [theirs.id],
    );
    expect(denied.map((d) => d.action)).toEqual([
      'tasks.view',
      'tasks.edit',
      'tasks.transition',
      'tasks.comments.view',
      'tasks.comment',
      'tasks.history.view',
    ]);
    expect(new Set(denied.map((d) => d.patient_id))).toEqual(new Set([otherRecord]));
    const comments = await server.sql('select 1 from task_comment where task_id = $1', [theirs.id]);
    expect(comments).toHaveLength(0);
  });

  it('a patient may not filter by patient (identifying parameter: 403, audited)', async () => {
    const res = await as.user.get(`/api/tasks?patientId=${otherRecord}`);
    expect(res.status).toBe(403);
    expect(await lastAudit('tasks.list')).toMatchObject({
      outcome: 'denied',
      patient_id: otherRecord,
    });
  });

  it('marks their own task done, and comments on it; nothing else', async () => {
    const mine = await forPatient();
    const edit = await as.user.patch(`/api/tasks/${mine.id}`, { version: 1, title: 'otra cosa' });
    expect(edit.status).toBe(403);
    const start = await as.user.post(`/api/tasks/${mine.id}/transition`, {
      version: 1,
      status: 'in_progress',
    });
    expect(start.status).toBe(403);
    expect(await taskRow(mine.id)).toMatchObject({ status: 'new', version: 1 });
    const comment = await as.user.post(`/api/tasks/${mine.id}/comments`, {
      body: 'Hecho por la mañana',
    });
    expect(comment.status).toBe(201);
    expect(comment.body.author).toMatchObject({ id: ids.user });
    expect(await lastAudit('tasks.comment')).toMatchObject({ patient_id: ownRecord });
    const done = await as.user.post(`/api/tasks/${mine.id}/transition`, {
      version: 1,
      status: 'done',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', version: 2, allowedTransitions: [] });
    expect(await lastAudit('tasks.transition')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
      actor_role: 'user',
    });
  });

  it("a patient's account is assignable only to tasks about that patient", async () => {
    const res = await as.specialist.post('/api/tasks', {
      title: 'x',
      patientId: otherRecord,
      assignee: { kind: 'user', userId: ids.user },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      path: 'assignee',
      message: 'assignee_other_patient',
    });
  });
});

describe('researchers see nothing patient-identifying', () => {
  it('see their own unlinked tasks and their queue, never a task tied to a patient', async () => {
    const own = await create({ assignee: { kind: 'user', userId: ids.researcher } }, as.admin);
    const queue = await create({ assignee: { kind: 'queue', role: 'researcher' } }, as.admin);
    const patientTask = await create({ patientId: ownRecord });
    const list = await as.researcher.get('/api/tasks?limit=200');
    const listed = list.body.items.map((t: { id: string }) => t.id);
    expect(listed).toEqual(expect.arrayContaining([own.id, queue.id]));
    expect(listed).not.toContain(patientTask.id);
    for (const t of list.body.items) expect(t.patient).toBeNull();
    expect((await as.researcher.get(`/api/tasks/${patientTask.id}`)).status).toBe(404);
    expect(await lastAudit('tasks.view')).toMatchObject({
      outcome: 'denied',
      patient_id: ownRecord,
    });
    const moved = await as.researcher.post(`/api/tasks/${own.id}/transition`, {
      version: 1,
      status: 'in_progress',
    });
    expect(moved.status).toBe(200);
    expect(
      (await as.researcher.patch(`/api/tasks/${own.id}`, { version: 2, title: 'y' })).status,
    ).toBe(403);
    expect((await as.researcher.get('/api/tasks/assignees')).status).toBe(403);
  });

  it('a task tied to a patient cannot be given to a researcher', async () => {
    for (const assignee of [
      { kind: 'user', userId: ids.researcher },
      { kind: 'queue', role: 'researcher' },
    ]) {
      const res = await as.admin.post('/api/tasks', { title: 'x', patientId: ownRecord, assignee });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].message).toBe('assignee_deidentified');
    }
  });
});

describe('lists and filters', () => {
  it('mine, queue, patient, status, priority, overdue and due today; keyset pages', async () => {
    const today = '2031-03-10';
    const record = (
      await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Lista Filtros' })
    ).body.id as string;
    const overdue = await create({ dueDate: '2031-03-09', patientId: record });
    const due = await create({ dueDate: today, priority: 'high', patientId: record });
    const later = await create({ dueDate: '2031-03-11', patientId: record });
    const doneLate = await create({ dueDate: '2031-03-01', patientId: record });
    await as.specialist.post(`/api/tasks/${doneLate.id}/transition`, {
      version: 1,
      status: 'done',
    });
    const queued = await create({
      assignee: { kind: 'queue', role: 'admin' },
      patientId: record,
    });
    const ids_ = (res: { body: { items: { id: string }[] } }) => res.body.items.map((t) => t.id);
    const base = `/api/tasks?patientId=${record}&today=${today}`;
    expect(ids_(await as.specialist.get(`${base}&due=overdue`))).toEqual([overdue.id]);
    expect(ids_(await as.specialist.get(`${base}&due=today`))).toEqual([due.id]);
    expect(ids_(await as.specialist.get(`${base}&priority=high`))).toEqual([due.id]);
    expect(ids_(await as.specialist.get(`${base}&status=done`))).toEqual([doneLate.id]);
    expect(ids_(await as.specialist.get(`${base}&queue=admin`))).toEqual([queued.id]);
    const mine = ids_(await as.specialist.get(`${base}&assignee=mine&limit=200`));
    expect(mine).toEqual([doneLate.id, overdue.id, due.id, later.id]);
    expect(ids_(await as.admin.get(`${base}&assignee=mine`))).toEqual([]);
    // pages of 2, in order, nothing skipped
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await as.specialist.get(`${base}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((t) => t.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    // other tests' tasks for this patient may be interleaved: ours keep their order, none twice
    const ours = new Set([doneLate.id, overdue.id, due.id, later.id, queued.id]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ours.has(id))).toEqual([
      doneLate.id,
      overdue.id,
      due.id,
      later.id,
      queued.id,
    ]);
  });

  it('each task about a patient on a page is one audit row with its patient', async () => {
    const t = await forPatient({ dueDate: '2032-05-05' });
    const from = (
      await server.sql<{ id: string }>('select coalesce(max(id), 0)::text as id from audit_log')
    )[0]!.id;
    await as.admin.get(`/api/tasks?patientId=${ownRecord}&limit=200`);
    const rows = await server.sql<{ record_id: string; patient_id: string }>(
      "select record_id, patient_id from audit_log where action = 'tasks.list' and id > $1",
      [from],
    );
    expect(rows).toContainEqual({ record_id: t.id, patient_id: ownRecord });
    for (const r of rows) expect(r.patient_id).toBe(ownRecord);
  });

  it('a date that is not a day (today=true, 2026-13-45, abc) is a 400 on lists and writes, not a 500', async () => {
    for (const today of ['true', '1', '', '2026-13-45', '9999-99-99']) {
      const res = await as.researcher.get(`/api/tasks?today=${today}`);
      expect(res.status, today).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const before = await taskCount();
    for (const dueDate of ['abc', '2026-13-45', 'x'.repeat(5000)]) {
      const res = await as.admin.post('/api/tasks', {
        title: 'Fecha',
        assignee: { kind: 'queue', role: 'admin' },
        priority: 'low',
        dueDate,
      });
      expect(res.status, dueDate.slice(0, 20)).toBe(400);
    }
    expect(await taskCount()).toBe(before);
    const t = await create();
    expect(
      (await as.specialist.patch(`/api/tasks/${t.id}`, { version: 1, dueDate: '1' })).status,
    ).toBe(400);
    expect(await taskRow(t.id)).toMatchObject({ version: 1 });
  });

  it('a cursor naming no real day or no real id is a 400, not a database error', async () => {
    const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const tampered of [
      ['2026-02-30', 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'],
      ['2026-01-10', '-'.repeat(36)],
      ['2026-01-10', 'a'.repeat(36)],
    ]) {
      const res = await as.specialist.get(`/api/tasks?cursor=${cursorOf(tampered)}`);
      expect(res.status, JSON.stringify(tampered)).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ path: 'cursor' });
    }
  });

  it('a tampered cursor is a 400', async () => {
    const res = await as.specialist.get('/api/tasks?cursor=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'cursor' });
  });

  it('assignees: staff, and the patient’s own account first', async () => {
    const res = await as.specialist.get(`/api/tasks/assignees?patientId=${ownRecord}`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ id: ids.user, role: 'user' });
    expect(await lastAudit('tasks.assignees')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
    });
    expect(res.body.items.map((a: { role: string }) => a.role)).not.toContain(undefined);
    expect((await as.user.get('/api/tasks/assignees')).status).toBe(403);
  });
});

describe('status transitions', () => {
  it('follows the allowed path and records each change', async () => {
    const t = await create();
    let version = 1;
    for (const status of [
      'in_progress',
      'pending_review',
      'done',
      'in_progress',
      'cancelled',
      'new',
    ]) {
      const res = await as.specialist.post(`/api/tasks/${t.id}/transition`, { version, status });
      expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
      version = res.body.version;
    }
    const history = await as.specialist.get(`/api/tasks/${t.id}/history`);
    expect(history.body.items.filter((e: { kind: string }) => e.kind === 'status')).toHaveLength(6);
    expect(history.body.items[0]).toMatchObject({ fromStatus: 'cancelled', toStatus: 'new' });
  });

  it.each([
    ['new', 'pending_review'],
    ['new', 'new'],
    ['done', 'cancelled'],
    ['done', 'new'],
    ['cancelled', 'done'],
  ])('%s → %s is refused with 409 transition_not_allowed (translated)', async (from, to) => {
    const t = await create();
    let version = 1;
    if (from !== 'new') {
      const res = await as.specialist.post(`/api/tasks/${t.id}/transition`, {
        version,
        status: from,
      });
      version = res.body.version;
    }
    const refused = await as.specialist.request('POST', `/api/tasks/${t.id}/transition`, {
      json: { version, status: to },
      headers: { 'accept-language': 'es' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('transition_not_allowed');
    expect(refused.body.error.message).toMatch(/no está permitido/);
    expect(await taskRow(t.id)).toMatchObject({ status: from, version });
  });
});

describe('concurrency', () => {
  it('a stale version is a 409 and changes nothing', async () => {
    const t = await create({ title: 'Original' });
    expect(
      (await as.specialist.patch(`/api/tasks/${t.id}`, { version: 1, title: 'Uno' })).status,
    ).toBe(200);
    const stale = await as.admin.patch(`/api/tasks/${t.id}`, { version: 1, title: 'Dos' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const staleMove = await as.admin.post(`/api/tasks/${t.id}/transition`, {
      version: 1,
      status: 'done',
    });
    expect(staleMove.status).toBe(409);
    expect(await taskRow(t.id)).toMatchObject({ title: 'Uno', version: 2, status: 'new' });
  });

  it('a refusal decided inside the write (stale version, transition not allowed) is audited with the patient', async () => {
    const t = await forPatient();
    expect(
      (await as.specialist.patch(`/api/tasks/${t.id}`, { version: 1, title: 'Uno' })).status,
    ).toBe(200);
    const deniedFor = async () =>
      server.sql<{ action: string; patient_id: string; details: unknown }>(
        "select action, patient_id, details from audit_log where outcome = 'denied' and record_id = $1 order by id",
        [t.id],
      );
    expect((await as.admin.patch(`/api/tasks/${t.id}`, { version: 1, title: 'Dos' })).status).toBe(
      409,
    );
    const notAllowed = await as.specialist.post(`/api/tasks/${t.id}/transition`, {
      version: 2,
      status: 'pending_review',
    });
    expect(notAllowed.status).toBe(409);
    expect(await deniedFor()).toEqual([
      { action: 'tasks.edit', patient_id: ownRecord, details: { reason: 'conflict' } },
      {
        action: 'tasks.transition',
        patient_id: ownRecord,
        details: { reason: 'transition_not_allowed' },
      },
    ]);
  });

  it('a task of a patient archived since can still have its title corrected; moving it to them cannot', async () => {
    const b = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Archivada' });
    const t = await create({ patientId: b.body.id });
    await server.sql('update patient set deleted_at = now() where id = $1', [b.body.id]);
    const edit = await as.specialist.patch(`/api/tasks/${t.id}`, {
      version: 1,
      title: 'Corregida',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const other = await create();
    const moved = await as.specialist.patch(`/api/tasks/${other.id}`, {
      version: 1,
      patientId: b.body.id,
    });
    expect(moved.status).toBe(400);
  });

  it('parallel edits of one version: exactly one wins', async () => {
    const t = await create();
    const results = await Promise.all(
      ['high', 'low', 'medium', 'high', 'low'].map((priority, i) =>
        (i % 2 ? as.admin : as.specialist).patch(`/api/tasks/${t.id}`, { version: 1, priority }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await taskRow(t.id)).version).toBe(2);
  });

  it('parallel status changes of one version: exactly one wins', async () => {
    const t = await create();
    const results = await Promise.all(
      ['in_progress', 'done', 'cancelled'].map((status) =>
        as.specialist.post(`/api/tasks/${t.id}/transition`, { version: 1, status }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const events = await server.sql(
      "select 1 from task_event where task_id = $1 and kind = 'status'",
      [t.id],
    );
    expect(events).toHaveLength(1);
  });
});

describe('bad input: a translated 4xx and nothing changed', () => {
  const valid = () => ({ title: 'Válida', assignee: { kind: 'user', userId: ids.specialist } });
  it.each([
    ['no title', { title: '   ' }, 'title', 'title_required'],
    ['a huge title', { title: 'x'.repeat(201) }, 'title', 'too_long'],
    ['a huge description', { description: 'x'.repeat(5001) }, 'description', 'too_long'],
    ['a number as title', { title: 42 }, 'title', undefined],
    ['an unknown field', { owner: 'me' }, '', undefined],
    ['an unknown priority', { priority: 'urgent' }, 'priority', 'invalid_choice'],
    ['an impossible date', { dueDate: '2030-02-30' }, 'dueDate', 'invalid_date'],
    ['no assignee', { assignee: undefined }, 'assignee', undefined],
    ['an unknown queue', { assignee: { kind: 'queue', role: 'user' } }, 'assignee.role', undefined],
    [
      'an unknown user',
      { assignee: { kind: 'user', userId: 'nobody' } },
      'assignee',
      'invalid_choice',
    ],
    [
      'an unknown patient',
      { patientId: '00000000-0000-4000-8000-000000000000' },
      'patientId',
      'invalid_choice',
    ],
    ['a patient id that is not one', { patientId: 'abc' }, 'patientId', 'invalid_choice'],
    ['a version on create', { version: 2 }, '', undefined],
  ])('create with %s', async (_label, overrides, path, message) => {
    const before = await taskCount();
    const res = await as.specialist.post('/api/tasks', { ...valid(), ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const detail =
      res.body.error.details.find((d: { path: string }) => d.path === path) ??
      res.body.error.details[0];
    if (message) expect(detail.message).toBe(message);
    expect(await taskCount()).toBe(before);
  });

  it('NUL bytes anywhere are refused (invalid_text), in Spanish too', async () => {
    const before = await taskCount();
    const res = await as.specialist.request('POST', '/api/tasks', {
      json: { ...valid(), title: 'a\u0000b' },
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_text');
    expect(res.body.error.message).toMatch(/caracteres/);
    expect(await taskCount()).toBe(before);
    const t = await create();
    const comment = await as.specialist.post(`/api/tasks/${t.id}/comments`, { body: 'x\u0000' });
    expect(comment.status).toBe(400);
    expect(await server.sql('select 1 from task_comment where task_id = $1', [t.id])).toHaveLength(
      0,
    );
  });

  it('edits: wrong types, unknown fields, an unknown status, a huge comment', async () => {
    const t = await create({ title: 'Fija' });
    for (const body of [
      { version: 1, title: 7 },
      { version: '1', title: 'x' },
      { version: 1, status: 'done' },
      { title: 'no version' },
    ]) {
      const res = await as.specialist.patch(`/api/tasks/${t.id}`, body);
      expect(res.status).toBe(400);
    }
    const move = await as.specialist.post(`/api/tasks/${t.id}/transition`, {
      version: 1,
      status: 'archived',
    });
    expect(move.status).toBe(400);
    const huge = await as.specialist.post(`/api/tasks/${t.id}/comments`, {
      body: 'x'.repeat(5001),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.details[0].message).toBe('too_long');
    expect(await taskRow(t.id)).toMatchObject({ title: 'Fija', version: 1, status: 'new' });
  });

  it('unknown or malformed task ids are 404', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await as.admin.get(`/api/tasks/${id}`)).status).toBe(404);
      expect((await as.admin.patch(`/api/tasks/${id}`, { version: 1, title: 'x' })).status).toBe(
        404,
      );
    }
  });
});

describe('createSystemTask', () => {
  const db = () => server.deps.database.db;

  it('makes a task with its reason, no author, audited as the system', async () => {
    const id = await db().transaction((tx) =>
      createSystemTask(tx, {
        title: 'Llamar tras inasistencia',
        patientId: ownRecord,
        assignee: { kind: 'queue', role: 'specialist' },
        priority: 'high',
        reason: 'No-show on 2026-11-20 10:00',
        source: 'appointments',
      }),
    );
    const res = await as.specialist.get(`/api/tasks/${id}`);
    expect(res.body).toMatchObject({
      createdBy: null,
      reason: 'No-show on 2026-11-20 10:00',
      patient: { id: ownRecord },
      status: 'new',
    });
    const [row] = await server.sql<{ actor_role: string; patient_id: string }>(
      "select actor_role, patient_id from audit_log where action = 'tasks.create' and record_id = $1",
      [id],
    );
    expect(row).toEqual({ actor_role: 'system', patient_id: ownRecord });
  });

  it('rolls back with its caller’s transaction', async () => {
    const before = await taskCount();
    const title = `Rolled back ${Date.now()}`;
    await expect(
      db().transaction(async (tx) => {
        await createSystemTask(tx, {
          title,
          assignee: { kind: 'queue', role: 'admin' },
          reason: 'The cause failed after this',
          source: 'test',
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await taskCount()).toBe(before);
    expect(await server.sql('select 1 from task where title = $1', [title])).toHaveLength(0);
  });

  it('refuses a task without a reason or with an unknown patient (and the caller rolls back)', async () => {
    const before = await taskCount();
    await expect(
      db().transaction((tx) =>
        createSystemTask(tx, {
          title: 'x',
          assignee: { kind: 'queue', role: 'admin' },
          reason: '  ',
          source: 'test',
        }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      db().transaction((tx) =>
        createSystemTask(tx, {
          title: 'x',
          patientId: '00000000-0000-4000-8000-000000000000',
          assignee: { kind: 'queue', role: 'admin' },
          reason: 'r',
          source: 'test',
        }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await taskCount()).toBe(before);
  });
});

describe('demo data', () => {
  it('the seed gave the demo patient their home exercises', async () => {
    const res = await as.user.get('/api/tasks');
    expect(
      res.body.items.some((t: { title: string }) => t.title.startsWith('Ejercicios en casa')),
    ).toBe(true);
  });
});
