/**
 * The dashboard through the real server: each widget's rows per role (a patient sees only their own
 * next steps, a researcher no identities), one audit row per patient shown, saved layouts (strict
 * validation, nothing stored on bad input, one default, stale versions, another person's layout),
 * and notification preferences honoured by in-app notifications and the messages' outbox notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '@painlab/shared/dashboard';
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
let other: ApiClient;
let otherUserId: string;
let ownRecord: string;
let otherRecord: string;
let waitingRecord: string;

const OWN = 'Pablo Tablero';
const OTHER = 'Otra Tablero';
const WAITING = 'Urgente Sinpaso';

const userId = (email: string) => server.userId(email);
const count = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await server.sql(sql, params))[0]!)[0]);

/** An appointment today (UTC), written directly: the agenda's read is what is tested. */
async function appointmentToday(patientId: string, minute: number) {
  await server.sql(
    `insert into appointment (patient_id, specialist_id, type_id, starts_at, ends_at, blocked_until,
       modality, status)
     values ($1, $2, 'follow_up', date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       + make_interval(mins => $3::int), date_trunc('day', now() at time zone 'UTC') at time zone
       'UTC' + make_interval(mins => $3::int + 20), date_trunc('day', now() at time zone 'UTC') at
       time zone 'UTC' + make_interval(mins => $3::int + 20), 'in_person', 'confirmed')`,
    [patientId, ids.specialist, minute],
  );
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  await createAccount(server, {
    role: 'user',
    email: 'otra@dashboard.test',
    name: OTHER,
    password: DEMO_PASSWORD,
  });
  otherUserId = await userId('otra@dashboard.test');
  other = await server.signIn('otra@dashboard.test');
  const mk = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await as.specialist.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name,
      assignedSpecialistId: ids.specialist,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  ownRecord = await mk(OWN, { email: 'pablo@dashboard.test' });
  otherRecord = await mk(OTHER);
  waitingRecord = await mk(WAITING, { priority: 'high', status: 'in_treatment' });
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [otherUserId, otherRecord]);
  await appointmentToday(ownRecord, 600);
  await appointmentToday(otherRecord, 660);
  // a future appointment for the demo patient: their next step
  await server.sql(
    `insert into appointment (patient_id, specialist_id, type_id, starts_at, ends_at, blocked_until,
       modality, status)
     values ($1, $2, 'follow_up', now() + interval '3 days', now() + interval '3 days 30 minutes',
       now() + interval '3 days 30 minutes', 'in_person', 'pending')`,
    [ownRecord, ids.specialist],
  );
  const task = async (body: Record<string, unknown>) => {
    const res = await as.specialist.post('/api/tasks', {
      priority: 'medium',
      assignee: { kind: 'user', userId: ids.specialist },
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await task({ title: 'Revisar analítica', dueDate: '2020-01-02', priority: 'high' });
  await task({
    title: 'Ejercicios en casa',
    patientId: ownRecord,
    assignee: { kind: 'user', userId: ids.user },
    dueDate: '2031-05-01',
  });
  await task({
    title: 'Traer informe',
    patientId: otherRecord,
    assignee: { kind: 'user', userId: otherUserId },
  });
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/dashboard', () => {
  it('staff see every widget, with identities, and each patient shown is audited', async () => {
    const before = await count(
      `select count(*) from audit_log where action = 'dashboard.alerts' and patient_id = $1`,
      [waitingRecord],
    );
    const res = await as.specialist.get('/api/dashboard?tz=UTC');
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d.scope).toBe('staff');
    const load = d.patientLoad.filter(
      (r: { specialist: { id: string } | null }) => r.specialist?.id === ids.specialist,
    );
    expect(load.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBeGreaterThanOrEqual(
      3,
    );
    const agendaNames = d.agenda.map((a: { patient: { name: string } }) => a.patient.name);
    expect(agendaNames).toEqual(expect.arrayContaining([OWN, OTHER]));
    const waiting = d.alerts.find(
      (a: { kind: string; patient: { id: string } | null }) =>
        a.kind === 'no_next_step' && a.patient?.id === waitingRecord,
    );
    expect(waiting?.link).toBe(`/patients/${waitingRecord}`);
    // the patient with a future appointment has a next step
    expect(
      d.alerts.some((a: { patient: { id: string } | null }) => a.patient?.id === ownRecord),
    ).toBe(false);
    expect(
      d.alerts.some(
        (a: { kind: string; task: { title: string } | null }) =>
          a.kind === 'overdue_task' && a.task?.title === 'Revisar analítica',
      ),
    ).toBe(true);
    expect(d.tasks.map((t: { title: string }) => t.title)).toContain('Revisar analítica');
    expect(
      d.activity.some(
        (a: { kind: string; patient: { name: string } | null }) =>
          a.kind === 'patient' && a.patient?.name === WAITING,
      ),
    ).toBe(true);
    expect(
      await count(
        `select count(*) from audit_log where action = 'dashboard.alerts' and patient_id = $1`,
        [waitingRecord],
      ),
    ).toBe(before + 1);
    expect(
      await count(
        `select count(*) from audit_log where action = 'appointments.list' and patient_id = $1 and actor_user_id = $2`,
        [otherRecord, ids.specialist],
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        `select count(*) from audit_log where action = 'dashboard.activity' and patient_id = $1`,
        [waitingRecord],
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a patient sees only their own next appointment and tasks, never another patient', async () => {
    const res = await as.user.get('/api/dashboard?tz=UTC');
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d.scope).toBe('patient');
    expect(d.patientLoad).toBeNull();
    expect(d.activity).toBeNull();
    expect(d.alerts).toBeNull();
    expect(d.activityCounts).toBeNull();
    expect(d.agenda).toHaveLength(1);
    expect(d.agenda[0].patient.id).toBe(ownRecord);
    expect(Date.parse(d.agenda[0].endsAt)).toBeGreaterThan(Date.now());
    expect(d.tasks.map((t: { title: string }) => t.title)).toContain('Ejercicios en casa');
    expect(d.tasks.map((t: { title: string }) => t.title)).not.toContain('Traer informe');
    expect(res.text).not.toContain(OTHER);
    expect(res.text).not.toContain(WAITING);
    expect(res.text).not.toContain(otherRecord);

    const o = await other.get('/api/dashboard?tz=UTC');
    for (const a of o.body.agenda) expect(a.patient.id).toBe(otherRecord);
    expect(o.body.tasks.map((t: { title: string }) => t.title)).toEqual(['Traer informe']);
    expect(o.text).not.toContain('Ejercicios en casa');
    expect(o.text).not.toContain(OWN);
    expect(o.text).not.toContain(ownRecord);
  });

  it('a researcher gets counts only: no names, no patient ids', async () => {
    const res = await as.researcher.get('/api/dashboard');
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d.scope).toBe('research');
    expect(d.agenda).toBeNull();
    expect(d.alerts).toBeNull();
    expect(d.activity).toBeNull();
    expect(d.patientLoad.every((r: { specialist: unknown }) => r.specialist === null)).toBe(true);
    expect(
      d.activityCounts.find((c: { kind: string }) => c.kind === 'patient').count,
    ).toBeGreaterThanOrEqual(3);
    for (const secret of [OWN, OTHER, WAITING, ownRecord, otherRecord, waitingRecord])
      expect(res.text).not.toContain(secret);
  });

  it('refuses an unknown time zone or parameter with a 400', async () => {
    expect((await as.specialist.get('/api/dashboard?tz=Mars/Olympus')).status).toBe(400);
    expect((await as.specialist.get('/api/dashboard?patientId=x')).status).toBe(400);
    expect((await server.client().get('/api/dashboard')).status).toBe(401);
  });
});

describe('dashboard layouts', () => {
  const rows = (uid: string) =>
    count('select count(*) from dashboard_layout where user_id = $1', [uid]);

  it('saves, lists, renames, makes default (only one), refuses stale versions, deletes', async () => {
    const a = await as.specialist.post('/api/dashboard/layouts', {
      name: 'Mañanas',
      layout: DEFAULT_LAYOUT,
      isDefault: true,
    });
    expect(a.status, a.text).toBe(201);
    expect(a.body.isDefault).toBe(true);
    const b = await as.specialist.post('/api/dashboard/layouts', {
      name: 'Tardes',
      layout: { ...DEFAULT_LAYOUT, items: [{ i: 'agenda', x: 0, y: 0, w: 12, h: 6 }] },
    });
    expect(b.status, b.text).toBe(201);
    // same name, other case: refused
    const dup = await as.specialist.post('/api/dashboard/layouts', {
      name: 'MAÑANAS',
      layout: DEFAULT_LAYOUT,
    });
    expect(dup.status).toBe(400);

    const made = await as.specialist.patch(`/api/dashboard/layouts/${b.body.id}`, {
      isDefault: true,
      version: 1,
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.version).toBe(2);
    const list = await as.specialist.get('/api/dashboard/layouts');
    expect(list.body.items.filter((l: { isDefault: boolean }) => l.isDefault)).toHaveLength(1);
    expect(list.body.items.find((l: { isDefault: boolean }) => l.isDefault).name).toBe('Tardes');

    const stale = await as.specialist.patch(`/api/dashboard/layouts/${b.body.id}`, {
      name: 'Otra',
      version: 1,
    });
    expect(stale.status).toBe(409);

    // another person's layout does not exist for them
    expect(
      (await as.admin.patch(`/api/dashboard/layouts/${b.body.id}`, { version: 2 })).status,
    ).toBe(404);
    expect((await as.user.delete(`/api/dashboard/layouts/${b.body.id}`)).status).toBe(404);
    expect((await as.admin.get('/api/dashboard/layouts')).body.items).toEqual([]);

    expect((await as.specialist.delete(`/api/dashboard/layouts/${a.body.id}`)).status).toBe(204);
    expect((await as.specialist.delete(`/api/dashboard/layouts/${a.body.id}`)).status).toBe(404);
    expect((await as.specialist.delete('/api/dashboard/layouts/nope')).status).toBe(404);
  });

  it('the demo specialist has the two seeded layouts, neither the default', async () => {
    const seeded = await server.sql<{ name: string; is_default: boolean }>(
      `select name, is_default from dashboard_layout where user_id = $1
         and name in ('Consulta de mañana', 'Follow-up review') order by name`,
      [ids.specialist],
    );
    expect(seeded.map((r) => r.name)).toEqual(['Consulta de mañana', 'Follow-up review']);
    expect(seeded.every((r) => !r.is_default)).toBe(true);
  });

  it('two concurrent edits at one version: one wins, the other is a 409', async () => {
    const a = await as.admin.post('/api/dashboard/layouts', {
      name: 'Carrera',
      layout: DEFAULT_LAYOUT,
    });
    const results = await Promise.all(
      ['Uno', 'Dos'].map((name) =>
        as.admin.patch(`/api/dashboard/layouts/${a.body.id}`, { name, version: 1 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses bad layouts with a 400 and stores nothing', async () => {
    const before = await rows(ids.researcher);
    const bad: unknown[] = [
      {
        name: 'x',
        layout: { ...DEFAULT_LAYOUT, items: [{ i: 'weather', x: 0, y: 0, w: 4, h: 4 }] },
      },
      {
        name: 'x',
        layout: {
          ...DEFAULT_LAYOUT,
          items: [
            { i: 'agenda', x: 0, y: 0, w: 4, h: 4 },
            { i: 'agenda', x: 4, y: 0, w: 4, h: 4 },
          ],
        },
      },
      {
        name: 'x',
        layout: { ...DEFAULT_LAYOUT, items: [{ i: 'agenda', x: 10, y: 0, w: 4, h: 4 }] },
      },
      {
        name: 'x',
        layout: { ...DEFAULT_LAYOUT, items: [{ i: 'agenda', x: 0, y: 0, w: 4.5, h: 4 }] },
      },
      { name: 'x', layout: { ...DEFAULT_LAYOUT, version: 2 } },
      { name: 'x', layout: { ...DEFAULT_LAYOUT, extra: true } },
      { name: 'x', layout: DEFAULT_LAYOUT, owner: 'someone' },
      { name: '   ', layout: DEFAULT_LAYOUT },
      { name: 'a\u0000b', layout: DEFAULT_LAYOUT },
      { name: 'x'.repeat(200_000), layout: DEFAULT_LAYOUT },
      {
        name: 'x',
        layout: {
          ...DEFAULT_LAYOUT,
          items: Array.from({ length: 20_000 }, (_, n) => ({
            i: 'agenda',
            x: 0,
            y: n,
            w: 2,
            h: 2,
          })),
        },
      },
      { name: 'x', layout: 'grid' },
    ];
    for (const body of bad) {
      const res = await as.researcher.post('/api/dashboard/layouts', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toMatch(/validation_failed|invalid_text|bad_request/);
    }
    const notJson = await as.researcher.request('POST', '/api/dashboard/layouts', {
      body: '{"name": "x", "layout": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await rows(ids.researcher)).toBe(before);
  });
});

describe('notification preferences', () => {
  const put = (client: ApiClient, json: unknown) =>
    client.request('PUT', '/api/notifications/preferences', { json });
  const all = (v: { inApp: boolean; email: boolean; sms: boolean }) => ({
    message: v,
    task: v,
    appointment: v,
    questionnaire: v,
    plan: v,
  });

  it('reads the defaults, saves strictly, and refuses unknown types or channels', async () => {
    const res = await other.get('/api/notifications/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(all({ inApp: true, email: true, sms: true }));
    expect((await put(other, { message: { inApp: true, email: true, sms: true } })).status).toBe(
      400,
    );
    expect(
      (await put(other, { ...all({ inApp: true, email: true, sms: true }), fax: {} })).status,
    ).toBe(400);
    expect(
      (
        await put(other, {
          ...all({ inApp: true, email: true, sms: true }),
          task: { inApp: true, email: true, sms: true, pigeon: true },
        })
      ).status,
    ).toBe(400);
    expect(
      await count('select count(*) from notification_preference where user_id = $1', [otherUserId]),
    ).toBe(0);
    const saved = await put(other, {
      ...all({ inApp: true, email: true, sms: true }),
      task: { inApp: false, email: false, sms: false },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.task).toEqual({ inApp: false, email: false, sms: false });
    expect((await other.get('/api/notifications/preferences')).body.task.inApp).toBe(false);
  });

  it('in-app off: a task assigned makes no notification; on again: it does', async () => {
    const notes = () =>
      count(
        `select count(*) from notification where recipient_id = $1 and type = 'task_assigned'`,
        [otherUserId],
      );
    const before = await notes();
    const assign = () =>
      as.specialist.post('/api/tasks', {
        title: 'Cuestionario semanal',
        priority: 'low',
        patientId: otherRecord,
        assignee: { kind: 'user', userId: otherUserId },
      });
    expect((await assign()).status).toBe(201);
    expect(await notes()).toBe(before);
    await put(other, all({ inApp: true, email: true, sms: true }));
    expect((await assign()).status).toBe(201);
    expect(await notes()).toBe(before + 1);
  });

  it('the messages notice honours e-mail and SMS choices (e-mail off, SMS off: none)', async () => {
    const thread = await as.user.post('/api/messages/threads', { subject: 'Dudas', body: 'Hola' });
    expect(thread.status, thread.text).toBe(201);
    const notices = () =>
      count(
        `select count(*) from outbox_message where template = 'messages.new_message' and patient_id = $1`,
        [ownRecord],
      );
    const messageNotes = () =>
      count(`select count(*) from notification where recipient_id = $1 and type = 'message'`, [
        ids.user,
      ]);
    await put(as.user, all({ inApp: false, email: false, sms: false }));
    const before = await notices();
    const notesBefore = await messageNotes();
    const sent = await as.specialist.post(`/api/messages/threads/${thread.body.id}/messages`, {
      body: 'Le escribo por la cita',
    });
    expect(sent.status, sent.text).toBe(201);
    expect(await notices()).toBe(before);
    expect(await messageNotes()).toBe(notesBefore);
    // e-mail allowed again: the next unread stretch gets its notice
    await as.user.post(`/api/messages/threads/${thread.body.id}/read`, {});
    await put(as.user, all({ inApp: true, email: true, sms: false }));
    await as.specialist.post(`/api/messages/threads/${thread.body.id}/messages`, {
      body: 'Otra cosa',
    });
    expect(await notices()).toBe(before + 1);
    expect(
      await count(
        `select count(*) from outbox_message where template = 'messages.new_message' and patient_id = $1 and channel = 'email'`,
        [ownRecord],
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});
