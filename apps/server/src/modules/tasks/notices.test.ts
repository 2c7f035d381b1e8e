/**
 * Task notices through the real server (ADR 0029): a task assigned (created or reassigned) and a task
 * coming due notify their person in-app, live on their event stream, and by e-mail through the outbox
 * in the language they use the app in when they would not see it in the app; preferences per channel
 * are respected; the due-soon notice is made once even when two rounds run at the same time; every
 * task change is a `task.changed` event for those who may see the task, and only for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@painlab/shared/permissions';
import { openStream } from '../../test/event-stream';
import {
  DEMO,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { setPreference, waitOffline } from '../../test/notices';
import { noticeDueTasks } from './notices.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
let ownRecord: string;

const userId = (email: string) => server.userId(email);

/** A day counted from today in the clinic's zone, as YYYY-MM-DD. */
const day = async (offset: number) =>
  (
    await server.sql<{ d: string }>(
      `select to_char((now() at time zone 'Europe/Madrid')::date + $1::int, 'YYYY-MM-DD') as d`,
      [offset],
    )
  )[0]!.d;

const mails = (taskId: string) =>
  server.sql<{ recipient: string; language: string | null; subject: string; text: string }>(
    `select recipient, language, subject, text from outbox_message
     where template = 'tasks.notice' and dedupe_key like $1 order by created_at`,
    [`%:${taskId}:%`],
  );

const notices = (recipient: string, taskId: string, type: string) =>
  server.sql<{ id: string; count: number; read_at: Date | null }>(
    'select id, count, read_at from notification where recipient_id = $1 and ref_id = $2 and type = $3',
    [recipient, taskId, type],
  );

let seq = 0;
async function create(overrides: Record<string, unknown> = {}, client = as.admin) {
  const res = await client.post('/api/tasks', {
    title: `Llamar a la paciente ${++seq} (dato clínico)`,
    assignee: { kind: 'user', userId: ids.specialist },
    priority: 'medium',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
}

beforeAll(async () => {
  // the due-soon scheduler is run by the tests themselves
  server = await startTestServer({ TASK_DUE_POLL_MS: '3600000' });
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  const rec = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Pía Notices',
  });
  ownRecord = rec.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
});
afterAll(() => server?.close());

describe('a task assigned', () => {
  it('arrives live in the assignee’s stream, with ids only; no e-mail while they are online', async () => {
    const live = await openStream(as.specialist);
    const task = await create();
    await live.waitFor(`"taskId":"${task.id}"`);
    const [note] = await notices(ids.specialist, task.id, 'task_assigned');
    expect(note).toBeDefined();
    await live.waitFor(`"notificationId":"${note!.id}"`);
    expect(live.text()).not.toContain('dato clínico');
    const list = await as.specialist.get('/api/notifications?unread=true');
    const item = list.body.items.find((n: { id: string }) => n.id === note!.id);
    expect(item).toMatchObject({
      type: 'task_assigned',
      link: '/tasks',
      actor: expect.any(String),
    });
    expect(await mails(task.id)).toHaveLength(0);
    live.close();
  });

  it('goes by e-mail, in the language the person uses the app in, when they are not online', async () => {
    // their stream says Spanish (the app's cookie), then they leave
    const es = await openStream(as.specialist, {
      headers: { cookie: `${cookieOf(as.specialist)}; painlab_lang=es`, 'accept-language': 'en' },
    });
    es.close();
    await waitOffline(server, ids.specialist);
    const task = await create({ dueDate: await day(3) });
    const [mail] = await mails(task.id);
    expect(mail).toMatchObject({ recipient: DEMO.specialist, language: 'es' });
    expect(mail!.subject).toContain('tiene una tarea nueva');
    expect(mail!.text).toContain('/tasks');
    expect(mail!.text).not.toContain('dato clínico');
    // and in English for someone whose app is in English
    const en = await openStream(as.researcher, { headers: { 'accept-language': 'en-GB,en' } });
    en.close();
    await waitOffline(server, ids.researcher);
    const forResearcher = await create({ assignee: { kind: 'user', userId: ids.researcher } });
    const [english] = await mails(forResearcher.id);
    expect(english).toMatchObject({ recipient: DEMO.researcher, language: 'en' });
    expect(english!.subject).toContain('you have a new task');
  });

  it('respects the preferences: in-app off and e-mail off, nothing; in-app off, e-mail even online', async () => {
    await setPreference(as.specialist, 'task', { inApp: false, email: false });
    const silent = await create();
    expect(await notices(ids.specialist, silent.id, 'task_assigned')).toHaveLength(0);
    expect(await mails(silent.id)).toHaveLength(0);

    await setPreference(as.specialist, 'task', { inApp: false, email: true });
    const live = await openStream(as.specialist);
    const mailed = await create();
    expect(await notices(ids.specialist, mailed.id, 'task_assigned')).toHaveLength(0);
    expect(await mails(mailed.id)).toHaveLength(1);
    live.close();
    await setPreference(as.specialist, 'task', {});
  });

  it('reassigning tells the new person, not the one it left or the person who did it', async () => {
    const task = await create({ assignee: { kind: 'user', userId: ids.admin } }, as.specialist);
    expect(await notices(ids.admin, task.id, 'task_assigned')).toHaveLength(1);
    const moved = await as.admin.patch(`/api/tasks/${task.id}`, {
      version: task.version,
      assignee: { kind: 'user', userId: ids.specialist },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await notices(ids.specialist, task.id, 'task_assigned')).toHaveLength(1);
    // an edit that does not change who it is for tells nobody again
    const retitled = await as.admin.patch(`/api/tasks/${task.id}`, {
      version: moved.body.version,
      title: 'Otro título',
    });
    expect(retitled.status).toBe(200);
    const [note] = await notices(ids.specialist, task.id, 'task_assigned');
    expect(note!.count).toBe(1);
    // assigning to oneself is no news
    const own = await create({}, as.specialist);
    expect(await notices(ids.specialist, own.id, 'task_assigned')).toHaveLength(0);
  });
});

describe('task changes are realtime events for those who may see the task', () => {
  it('a patient’s task: staff and the patient hear of it; the researcher and other patients do not', async () => {
    const streams = {
      specialist: await openStream(as.specialist),
      user: await openStream(as.user),
      researcher: await openStream(as.researcher),
    };
    // closed whatever happens: a stream left open keeps its person online for the next test
    try {
      const task = await create({
        patientId: ownRecord,
        assignee: { kind: 'user', userId: ids.user },
      });
      const moved = await as.specialist.post(`/api/tasks/${task.id}/transition`, {
        status: 'in_progress',
        version: task.version,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const commented = await as.user.post(`/api/tasks/${task.id}/comments`, {
        body: 'Hecho a medias',
      });
      expect(commented.status, JSON.stringify(commented.body)).toBe(201);
      await streams.user.waitFor('notification.created');
      const changed = (s: keyof typeof streams) =>
        streams[s].events().filter((e) => e.kind === 'task.changed' && e.data.taskId === task.id);
      // each stream gets its events in its own time (two cores, two workers): wait for both
      await expect.poll(() => changed('specialist').length, { timeout: 10_000 }).toBe(3); // created, moved, commented
      await expect.poll(() => changed('user').length, { timeout: 10_000 }).toBe(3);
      // a researcher sees no patient's task; give the events time to have arrived if they were sent
      await new Promise((r) => setTimeout(r, 300));
      expect(changed('researcher')).toHaveLength(0);
      for (const e of streams.specialist.events())
        expect(Object.keys(e.data)).not.toContain('title');
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it('the same events are rows to resume from: a stream reopened with Last-Event-ID gets what it missed', async () => {
    const first = await openStream(as.specialist);
    const task = await create();
    await first.waitFor(`"taskId":"${task.id}"`);
    const last = first.events().at(-1)!.id;
    first.close();
    const missed = await create();
    const resumed = await openStream(as.specialist, { lastEventId: String(last) });
    await resumed.waitFor(`"taskId":"${missed.id}"`);
    expect(resumed.events().every((e) => e.id > last)).toBe(true);
    resumed.close();
  });
});

describe('a task coming due', () => {
  it('is notified once per due date, even when two rounds run at the same time', async () => {
    const tomorrow = await create({ dueDate: await day(1) });
    const today = await create({
      dueDate: await day(0),
      assignee: { kind: 'user', userId: ids.user },
      patientId: ownRecord,
    });
    const later = await create({ dueDate: await day(5) });
    const overdue = await create({ dueDate: await day(-2) });
    const queue = await create({
      dueDate: await day(1),
      assignee: { kind: 'queue', role: 'specialist' },
    });
    const finished = await create({ dueDate: await day(1) });
    const cancel = await as.admin.post(`/api/tasks/${finished.id}/transition`, {
      status: 'cancelled',
      version: finished.version,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const live = await openStream(as.user, { headers: { 'accept-language': 'es' } });
    const [a, b] = await Promise.all([noticeDueTasks(server.deps), noticeDueTasks(server.deps)]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    expect(await noticeDueTasks(server.deps)).toBe(0);
    expect(await notices(ids.specialist, tomorrow.id, 'task_due')).toHaveLength(1);
    expect(await notices(ids.user, today.id, 'task_due')).toHaveLength(1);
    for (const t of [later, overdue, queue, finished]) {
      const rows = await server.sql('select 1 from notification where ref_id = $1 and type = $2', [
        t.id,
        'task_due',
      ]);
      expect(rows, t.id).toHaveLength(0);
    }
    const [note] = await notices(ids.user, today.id, 'task_due');
    await live.waitFor(`"notificationId":"${note!.id}"`);
    live.close();
    const rows = await server.sql('select * from task_due_notice where task_id = $1', [
      tomorrow.id,
    ]);
    expect(rows).toHaveLength(1);
    const audit = await server.sql<{ patient_id: string | null }>(
      "select patient_id from audit_log where action = 'tasks.due_notice' and record_id = $1",
      [today.id],
    );
    expect(audit).toEqual([{ patient_id: ownRecord }]);
  });

  it('is due again when the due date moves; by e-mail in their language when they are away', async () => {
    // the language is the one of their latest stream (Spanish now)
    (await openStream(as.specialist, { headers: { 'accept-language': 'es-ES,es;q=0.9' } })).close();
    await waitOffline(server, ids.specialist);
    const task = await create({ dueDate: await day(1) });
    await noticeDueTasks(server.deps);
    const [note] = await notices(ids.specialist, task.id, 'task_due');
    expect(note).toBeDefined();
    const dueMails = async () =>
      (await mails(task.id)).filter((m) => /vence|due soon/.test(m.subject));
    expect(await dueMails()).toHaveLength(1);
    expect((await dueMails())[0]!.language).toBe('es');
    const current = await as.admin.get(`/api/tasks/${task.id}`);
    const moved = await as.admin.patch(`/api/tasks/${task.id}`, {
      version: current.body.version,
      dueDate: await day(0),
    });
    expect(moved.status).toBe(200);
    expect(await noticeDueTasks(server.deps)).toBe(1);
    expect(await dueMails()).toHaveLength(2);
    expect((await notices(ids.specialist, task.id, 'task_due'))[0]!.count).toBe(2);
  });

  it('respects the preferences: nothing in-app when the person turned task notices off', async () => {
    await setPreference(as.specialist, 'task', { inApp: false, email: false });
    const task = await create({ dueDate: await day(1) }, as.admin);
    await noticeDueTasks(server.deps);
    expect(await notices(ids.specialist, task.id, 'task_due')).toHaveLength(0);
    expect(await mails(task.id)).toHaveLength(0);
    // recorded all the same: turning notices back on does not bring old ones back
    expect(
      await server.sql('select 1 from task_due_notice where task_id = $1', [task.id]),
    ).toHaveLength(1);
    await setPreference(as.specialist, 'task', {});
  });
});

function cookieOf(client: ApiClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
