/**
 * Reminders, their links and no-shows through the real server (PGlite, and PostgreSQL with
 * TEST_DB_KIND=postgres): a due reminder is queued once (also with rounds racing), the latest due
 * offset only, never for a cancelled appointment, again for a moved one; the links (view, confirm,
 * cancel inside and outside the notice period; reused, expired, tampered, of the other purpose, of a
 * cancelled appointment; bad input); patients' preferences and the clinic's hours; no-show marking
 * per role, the counts on the agenda, and the report's permissions and audit rows.
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
import { queueDueReminders } from './reminders.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
/** One specialist per booking: their times never collide. */
const docs: string[] = [];
let patientId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ REMINDER_POLL_MS: '3600000' });
  for (const role of ROLES) as[role] = await server.signIn(DEMO[role]);
  for (let i = 0; i < 30; i++) {
    const email = `doc${i}@reminders.test`;
    await createAccount(server, {
      role: 'specialist',
      email,
      name: 'Dra. Recordatorio',
      password: DEMO_PASSWORD,
    });
    docs.push(
      (await server.sql<{ id: string }>('select id from "user" where email = $1', [email]))[0]!.id,
    );
  }
  patientId = await newPatient('Lucía Recordada', 'lucia@reminders.test');
});
afterAll(() => server?.close());

async function newPatient(name: string, email: string | null, phone: string | null = null) {
  const res = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name,
    ...(email ? { email } : {}),
    ...(phone ? { contactNumber: phone } : {}),
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

let slot = 0;
async function bookIn(hours: number, patient = patientId) {
  const startsAt = new Date(Date.now() + hours * HOUR + 5 * 60_000);
  startsAt.setUTCSeconds(0, 0);
  const res = await as.specialist.post('/api/appointments', {
    patientId: patient,
    specialistId: docs[slot++]!,
    typeId: 'follow_up',
    startsAt: startsAt.toISOString(),
  });
  expect(res.status).toBe(201);
  return res.body as {
    id: string;
    version: number;
    startsAt: string;
    specialist: { id: string };
  };
}

const reminders = (appointmentId: string) =>
  server.sql<{
    hours_before: number;
    status: string;
    channel: string;
    outbox_message_id: string;
    skip_reason: string | null;
  }>(
    'select hours_before, status, channel, outbox_message_id, skip_reason from appointment_reminder where appointment_id = $1 order by created_at',
    [appointmentId],
  );

const messageOf = async (id: string) =>
  (
    await server.sql<{
      text: string;
      recipient: string;
      language: string | null;
      template: string;
    }>('select text, recipient, language, template from outbox_message where id = $1', [id])
  )[0];

const tokens = (text: string) => ({
  confirm: /\/cita\/confirmar#([A-Za-z0-9_-]{43})/.exec(text)![1]!,
  cancel: /\/cita\/anular#([A-Za-z0-9_-]{43})/.exec(text)![1]!,
});

async function remindedLinks(appointmentId: string) {
  await queueDueReminders(server.deps);
  const [row] = await reminders(appointmentId);
  expect(row).toBeDefined();
  return tokens((await messageOf(row!.outbox_message_id))!.text);
}

describe('reminders', () => {
  it('queues a due reminder once, with its links, in the outbox (also with racing rounds)', async () => {
    const a = await bookIn(20);
    await Promise.all([1, 2, 3, 4, 5].map(() => queueDueReminders(server.deps)));
    await queueDueReminders(server.deps);
    const rows = await reminders(a.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hours_before: 24, status: 'queued', channel: 'email' });
    const message = (await messageOf(rows[0]!.outbox_message_id))!;
    expect(message.template).toBe('appointment.reminder');
    expect(message.recipient).toBe('lucia@reminders.test');
    expect(message.language).toBeNull(); // unknown: both languages
    expect(message.text).toContain('Le recordamos su cita');
    expect(message.text).toContain('A reminder of your appointment');
    expect(tokens(message.text).confirm).not.toBe(tokens(message.text).cancel);
    const audit = await server.sql(
      "select 1 from audit_log where action = 'appointments.reminder' and record_id = $1 and patient_id = $2",
      [a.id, patientId],
    );
    expect(audit).toHaveLength(1);
  });

  it('sends only the latest due offset, and nothing before it is due', async () => {
    const soon = await bookIn(1);
    const later = await bookIn(30);
    await queueDueReminders(server.deps);
    expect((await reminders(soon.id)).map((r) => r.hours_before)).toEqual([2]);
    expect(await reminders(later.id)).toEqual([]);
  });

  it('never reminds of a cancelled appointment; withdraws a queued one; a moved one is reminded for its new time', async () => {
    const cancelledFirst = await bookIn(21);
    const c = await as.specialist.post(`/api/appointments/${cancelledFirst.id}/cancel`, {
      version: cancelledFirst.version,
      reason: 'El paciente llamó',
    });
    expect(c.status).toBe(200);
    await queueDueReminders(server.deps);
    expect(await reminders(cancelledFirst.id)).toEqual([]);

    const queued = await bookIn(22);
    await queueDueReminders(server.deps);
    const [row] = await reminders(queued.id);
    const cancel = await as.specialist.post(`/api/appointments/${queued.id}/cancel`, {
      version: queued.version,
      reason: 'Cambio de planes',
    });
    expect(cancel.status).toBe(200);
    expect(await messageOf(row!.outbox_message_id)).toBeUndefined();
    expect((await reminders(queued.id))[0]).toMatchObject({
      status: 'withdrawn',
      skip_reason: 'cancelled',
    });
    await queueDueReminders(server.deps);
    expect(await reminders(queued.id)).toHaveLength(1);

    const moved = await bookIn(23);
    await queueDueReminders(server.deps);
    const before = (await reminders(moved.id))[0]!;
    const far = new Date(Date.parse(moved.startsAt) + 20 * HOUR).toISOString();
    const move = await as.specialist.patch(`/api/appointments/${moved.id}`, {
      version: moved.version,
      startsAt: far,
    });
    expect(move.status).toBe(200);
    expect(await messageOf(before.outbox_message_id)).toBeUndefined();
    await queueDueReminders(server.deps);
    expect((await reminders(moved.id)).map((r) => r.status)).toEqual(['withdrawn']);
    const back = await as.specialist.patch(`/api/appointments/${moved.id}`, {
      version: move.body.version,
      startsAt: new Date(Date.parse(moved.startsAt) - 30 * 60_000).toISOString(),
    });
    expect(back.status).toBe(200);
    await queueDueReminders(server.deps);
    expect((await reminders(moved.id)).map((r) => r.status)).toEqual(['withdrawn', 'queued']);
  });

  it("follows the patient's preference and the clinic's hours", async () => {
    const quiet = await newPatient('Pedro Silencio', 'pedro@reminders.test');
    const english = await newPatient('Emma English', null, '+34600111222');
    const pref = (id: string, body: unknown, client = as.specialist) =>
      client.request('PUT', `/api/appointments/reminder-preferences/${id}`, { json: body });
    expect((await pref(quiet, { channel: 'none', language: null, hours: null })).status).toBe(200);
    expect((await pref(english, { channel: 'auto', language: 'en', hours: [30] })).status).toBe(
      200,
    );
    expect(
      (await as.specialist.get(`/api/appointments/reminder-preferences/${english}`)).body,
    ).toEqual({
      channel: 'auto',
      language: 'en',
      hours: [30],
    });
    // bad input and roles
    expect((await pref(quiet, { channel: 'pigeon', language: null, hours: null })).status).toBe(
      400,
    );
    expect((await pref(quiet, { channel: 'none', language: null, hours: [0] })).status).toBe(400);
    expect((await pref(quiet, { channel: 'none', language: null, hours: [2, 2] })).status).toBe(
      400,
    );
    expect(
      (await pref(quiet, { channel: 'none', language: null, hours: null, extra: 1 })).status,
    ).toBe(400);
    expect(
      (await pref(quiet, { channel: 'none', language: null, hours: null }, as.user)).status,
    ).toBe(403);
    expect((await as.user.get(`/api/appointments/reminder-preferences/${quiet}`)).status).toBe(403);
    expect(
      (await as.researcher.get(`/api/appointments/reminder-preferences/${quiet}`)).status,
    ).toBe(403);

    const q = await bookIn(20, quiet);
    const e = await bookIn(28, english);
    await queueDueReminders(server.deps);
    expect(await reminders(q.id)).toEqual([]);
    const [row] = await reminders(e.id);
    expect(row).toMatchObject({ hours_before: 30, channel: 'sms' });
    const sms = (await messageOf(row!.outbox_message_id))!;
    expect(sms.language).toBe('en');
    expect(sms.recipient).toBe('+34600111222');
    expect(sms.text).toMatch(/^.*: a reminder of your appointment/);

    // the clinic turns reminders off; bad settings are refused
    expect(
      (await as.admin.patch('/api/appointments/settings', { reminderHours: [0] })).status,
    ).toBe(400);
    expect(
      (await as.specialist.patch('/api/appointments/settings', { reminderHours: [] })).status,
    ).toBe(403);
    const off = await as.admin.patch('/api/appointments/settings', { reminderHours: [] });
    expect(off.status).toBe(200);
    expect(off.body.reminderHours).toEqual([]);
    const none = await bookIn(19);
    await queueDueReminders(server.deps);
    expect(await reminders(none.id)).toEqual([]);
    await as.admin.patch('/api/appointments/settings', { reminderHours: [24, 2] });
  });
});

describe('confirm and cancel links', () => {
  const anon = () => server.client();

  it('confirms once; a reused, tampered or other-purpose token is refused', async () => {
    const a = await bookIn(20);
    const t = await remindedLinks(a.id);
    const view = await anon().post('/api/appointment-links/view', {
      purpose: 'confirm',
      token: t.confirm,
    });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      purpose: 'confirm',
      patientFirstName: 'Lucía',
      specialistName: 'Dra. Recordatorio',
      status: 'confirmed',
      late: true,
    });
    const ok = await anon().post('/api/appointment-links/confirm', { token: t.confirm });
    expect(ok.status).toBe(200);
    expect(ok.body.outcome).toBe('confirmed');
    const read = await as.specialist.get(`/api/appointments/${a.id}`);
    expect(read.body.patientConfirmedAt).toBeTruthy();
    const again = await server.client({ lang: 'es' }).post('/api/appointment-links/confirm', {
      token: t.confirm,
    });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('reminder_link_used');
    expect(again.body.error.message).toContain('ya se ha usado');
    // the confirm token cannot cancel; a changed character names nothing
    const other = await anon().post('/api/appointment-links/cancel', { token: t.confirm });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('reminder_link_invalid');
    const flipped = t.cancel.slice(0, -1) + (t.cancel.endsWith('A') ? 'B' : 'A');
    expect((await anon().post('/api/appointment-links/cancel', { token: flipped })).status).toBe(
      404,
    );
    expect((await as.specialist.get(`/api/appointments/${a.id}`)).body.status).toBe('confirmed');
    const denied = await server.sql(
      "select 1 from audit_log where action = 'appointments.link_confirm' and outcome = 'denied' and patient_id = $1",
      [patientId],
    );
    expect(denied.length).toBeGreaterThan(0);
  });

  it('cancels late inside the notice period, on time outside it; a cancelled appointment and an expired link say so', async () => {
    const late = await bookIn(20);
    const t = await remindedLinks(late.id);
    const res = await server.client({ lang: 'es' }).post('/api/appointment-links/cancel', {
      token: t.cancel,
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('cancelled_late');
    const after = await as.specialist.get(`/api/appointments/${late.id}`);
    expect(after.body.status).toBe('cancelled');
    expect(after.body.cancellation.byRole).toBe('patient-link');
    // its confirm link: the appointment is cancelled
    const c = await anon().post('/api/appointment-links/confirm', { token: t.confirm });
    expect(c.status).toBe(409);
    expect(c.body.error.code).toBe('appointment_cancelled');
    const reuse = await anon().post('/api/appointment-links/cancel', { token: t.cancel });
    expect(reuse.body.error.code).toBe('reminder_link_used');

    await as.admin.patch('/api/appointments/settings', { cancelNoticeHours: 2 });
    try {
      const onTime = await bookIn(21);
      const u = await remindedLinks(onTime.id);
      const ok = await anon().post('/api/appointment-links/cancel', { token: u.cancel });
      expect(ok.body.outcome).toBe('cancelled');
    } finally {
      await as.admin.patch('/api/appointments/settings', { cancelNoticeHours: 24 });
    }

    const staffCancelled = await bookIn(22);
    const s = await remindedLinks(staffCancelled.id);
    await as.specialist.post(`/api/appointments/${staffCancelled.id}/cancel`, {
      version: staffCancelled.version,
      reason: 'Baja médica',
    });
    const gone = await anon().post('/api/appointment-links/cancel', { token: s.cancel });
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe('appointment_cancelled');

    const expiring = await bookIn(23);
    const x = await remindedLinks(expiring.id);
    await server.sql(
      "update appointment_link set expires_at = now() - interval '1 minute' where appointment_id = $1",
      [expiring.id],
    );
    const expired = await anon().post('/api/appointment-links/confirm', { token: x.confirm });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('reminder_link_expired');
  });

  it('answers bad input with a 400 and changes nothing', async () => {
    for (const body of [
      {},
      { token: 5 },
      { token: 'x'.repeat(101) },
      { token: 'abc', extra: true },
      { token: 'a\u0000b' },
    ]) {
      const res = await anon().post('/api/appointment-links/confirm', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await anon().post('/api/appointment-links/view', { purpose: 'delete', token: 'abc' }))
        .status,
    ).toBe(400);
    expect((await anon().post('/api/appointment-links/confirm', { token: 'short' })).status).toBe(
      404,
    );
  });
});

describe('no-shows', () => {
  it('staff mark a no-show; patients and researchers may not; the agenda counts them; the report is for administrators', async () => {
    const missed = await newPatient('Marta Ausente', 'marta@reminders.test');
    const visit = await bookIn(40, missed);
    // the visit is moved into the past by hand (staff cannot mark a visit that has not started)
    await server.sql(
      "update appointment set starts_at = starts_at - interval '60 days', ends_at = ends_at - interval '60 days', blocked_until = blocked_until - interval '60 days' where id = $1",
      [visit.id],
    );
    const mark = (client: ApiClient, version = visit.version) =>
      client.post(`/api/appointments/${visit.id}/status`, { status: 'no_show', version });
    expect((await mark(as.researcher)).status).toBe(403);
    expect((await mark(as.user)).status).toBe(403);
    const marked = await mark(as.specialist);
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('no_show');
    expect((await mark(as.admin, visit.version)).status).toBe(409); // stale

    const future = await bookIn(45, missed);
    const list = await as.specialist.get(
      `/api/appointments?from=${encodeURIComponent(new Date(Date.parse(future.startsAt) - HOUR).toISOString())}&to=${encodeURIComponent(new Date(Date.parse(future.startsAt) + HOUR).toISOString())}&specialistId=${future.specialist.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items.find((i: { id: string }) => i.id === future.id).patientNoShows).toBe(1);

    const month = (d: Date) => d.toISOString().slice(0, 7);
    const from = month(new Date(Date.now() - 90 * 24 * HOUR));
    const to = month(new Date());
    const url = `/api/appointments/no-shows?from=${from}&to=${to}`;
    expect((await as.specialist.get(url)).status).toBe(403);
    expect((await as.researcher.get(url)).status).toBe(403);
    expect((await as.user.get(url)).status).toBe(403);
    const report = await as.admin.get(url);
    expect(report.status).toBe(200);
    const mine = report.body.rows.filter(
      (r: { specialist: { id: string } }) => r.specialist.id === visit.specialist.id,
    );
    expect(mine.reduce((n: number, r: { noShows: number }) => n + r.noShows, 0)).toBe(1);
    expect(report.body.patients).toContainEqual({
      patient: { id: missed, name: 'Marta Ausente' },
      noShows: 1,
      total: 1,
    });
    const audit = await server.sql(
      "select 1 from audit_log where action = 'appointments.no_show_report' and patient_id = $1",
      [missed],
    );
    expect(audit).toHaveLength(1);
    for (const q of [
      'from=2026-13&to=2026-01',
      `from=${to}&to=${from}`,
      'from=2020-01&to=2026-01',
      `from=${from}&to=${to}&x=1`,
    ])
      expect((await as.admin.get(`/api/appointments/no-shows?${q}`)).status, q).toBe(400);
  });
});
