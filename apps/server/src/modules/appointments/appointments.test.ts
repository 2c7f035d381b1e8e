/**
 * Appointments through the real server (PGlite, and PostgreSQL with TEST_DB_KIND=postgres): per-role
 * access and a patient's isolation, the database's refusal of double booking under 50 concurrent
 * requests, free slots across DST changes in Europe/Madrid and America/New_York, exceptions and
 * buffers, patients' booking modes, cancellation notice, status changes, moving and rebooking, bad
 * input, audit rows, and the .ics file read back by an independent parser (ical.js).
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@painlab/shared/permissions';
import { seedDemoAppointments } from './appointments.seed';
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
/** The demo patient's own record (linked to the demo `user` account) and someone else's. */
let ownRecord: string;
let otherRecord: string;
/** A specialist of its own for the slot maths (nobody else books with them). */
let slotDoc: string;
let slotDocClient: ApiClient;

const userId = (email: string) => server.userId(email);

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  await createAccount(server, {
    role: 'user',
    email: 'otra@appointments.test',
    name: 'Otra Paciente',
    password: DEMO_PASSWORD,
  });
  otherPatient = await server.signIn('otra@appointments.test');
  await createAccount(server, {
    role: 'specialist',
    email: 'dst@appointments.test',
    name: 'Dra. Horario',
    password: DEMO_PASSWORD,
  });
  slotDoc = await userId('dst@appointments.test');
  slotDocClient = await server.signIn('dst@appointments.test');
  const a = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Ana Propia' });
  const b = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Otra Ajena' });
  ownRecord = a.body.id;
  otherRecord = b.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [
    await userId('otra@appointments.test'),
    otherRecord,
  ]);
});
afterAll(() => server?.close());

/** A UTC hour far in the future that no other test uses (each call a new one). */
let hourSeq = 0;
const freshHour = () => new Date(Date.UTC(2030, 0, 1, 0) + ++hourSeq * 3 * 3_600_000).toISOString();

async function book(overrides: Record<string, unknown> = {}, client = as.specialist) {
  const res = await client.post('/api/appointments', {
    patientId: ownRecord,
    specialistId: ids.specialist,
    typeId: 'follow_up',
    startsAt: freshHour(),
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const count = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from appointment'))[0]!.n);
const row = async (id: string) =>
  (
    await server.sql<{ status: string; version: number; starts_at: Date; cancel_reason: string }>(
      'select status, version, starts_at, cancel_reason from appointment where id = $1',
      [id],
    )
  )[0]!;
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
const put = (client: ApiClient, path: string, json: unknown) =>
  client.request('PUT', path, { json });
const setSettings = async (body: Record<string, unknown>) => {
  const res = await as.admin.patch('/api/appointments/settings', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('types and settings', () => {
  it('the demo seed (outside tests): a realistic week, made once, nothing overlapping', async () => {
    expect(await count()).toBe(0);
    const made = await seedDemoAppointments(server.deps, new Date('2026-11-25T12:00:00Z'));
    expect(made).toBe(16);
    expect(await seedDemoAppointments(server.deps)).toBe(0);
    // each demo patient's reminder preference (ADR 0021)
    const prefs = await server.sql<{ language: string; n: string }>(
      'select language, count(*)::text as n from patient_reminder_preference group by 1 order by 1',
    );
    expect(prefs).toEqual([
      { language: 'en', n: '1' },
      { language: 'es', n: '4' },
    ]);
    const statuses = await server.sql<{ status: string; n: string }>(
      'select status, count(*)::text as n from appointment group by status order by status',
    );
    expect(Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]))).toEqual({
      cancelled: 1,
      completed: 7,
      confirmed: 3,
      no_show: 4,
      pending: 1,
    });
    const hours = await as.specialist.get(`/api/appointments/availability/${ids.specialist}`);
    expect(hours.body.hours).toHaveLength(7);
    // clear the demo week: the tests below make their own rows
    await server.sql('delete from appointment where specialist_id = $1', [ids.specialist]);
    await put(as.specialist, `/api/appointments/availability/${ids.specialist}`, { hours: [] });
  });

  it('the seeded types; a patient sees only those they may book', async () => {
    const staff = await as.specialist.get('/api/appointments/types');
    expect(staff.status).toBe(200);
    const all = staff.body.items.map((t: { id: string }) => t.id);
    expect(all).toEqual(
      expect.arrayContaining([
        'first_visit',
        'follow_up',
        'psychology',
        'infiltration',
        'trt_review',
      ]),
    );
    expect(staff.body.items.find((t: { id: string }) => t.id === 'infiltration')).toMatchObject({
      durationMinutes: 45,
      bufferMinutes: 15,
      bookableBy: 'staff',
      name: { es: 'Infiltración', en: 'Infiltration' },
    });
    const mine = (await as.user.get('/api/appointments/types')).body.items.map(
      (t: { id: string }) => t.id,
    );
    expect(mine).toContain('follow_up');
    expect(mine).not.toContain('infiltration');
  });

  it('request-and-confirm with 24 h notice by default; only an administrator changes it', async () => {
    expect((await as.user.get('/api/appointments/settings')).body).toMatchObject({
      patientBooking: 'request',
      cancelNoticeHours: 24,
      timeZone: 'Europe/Madrid',
    });
    const res = await as.specialist.patch('/api/appointments/settings', { patientBooking: 'self' });
    expect(res.status).toBe(403);
    expect(await lastAudit('appointments.settings.edit')).toMatchObject({ outcome: 'denied' });
    expect(
      (await as.user.patch('/api/appointments/settings', { patientBooking: 'self' })).status,
    ).toBe(403);
    expect(
      (await as.admin.patch('/api/appointments/settings', { patientBooking: 'bogus' })).status,
    ).toBe(400);
    expect((await as.admin.get('/api/appointments/settings')).body.patientBooking).toBe('request');
  });
});

describe('per role', () => {
  it('a researcher is refused every appointment route (403, audited)', async () => {
    const appt = await book();
    const calls = [
      as.researcher.get('/api/appointments?from=2030-01-01T00:00:00Z&to=2030-01-10T00:00:00Z'),
      as.researcher.get(`/api/appointments/${appt.id}`),
      as.researcher.get(`/api/appointments/${appt.id}/ics`),
      as.researcher.get('/api/appointments/types'),
      as.researcher.get('/api/appointments/mine'),
      as.researcher.post(`/api/appointments/${appt.id}/cancel`, { version: 1, reason: 'x' }),
      as.researcher.post('/api/appointments', {
        patientId: ownRecord,
        specialistId: ids.specialist,
        typeId: 'follow_up',
        startsAt: freshHour(),
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await row(appt.id)).status).toBe('confirmed');
    // each refusal of a route naming the appointment names its patient too (one row per decision)
    const denied = await server.sql<{ patient_id: string | null }>(
      "select patient_id from audit_log where action = 'access.denied' and record_id = $1",
      [appt.id],
    );
    expect(denied.map((d) => d.patient_id)).toEqual([ownRecord, ownRecord, ownRecord]);
  });

  it('signed out: 401', async () => {
    const appt = await book();
    const anon = server.client();
    expect((await anon.get(`/api/appointments/${appt.id}`)).status).toBe(401);
    expect((await anon.get('/api/appointments/mine')).status).toBe(401);
  });

  it('staff book; the booking and each read are audited with the patient id', async () => {
    const appt = await book({ notes: 'Traer resonancia' });
    expect(appt).toMatchObject({
      status: 'confirmed',
      patient: { id: ownRecord, name: 'Ana Propia' },
      specialist: { id: ids.specialist },
      type: { id: 'follow_up' },
      notes: 'Traer resonancia',
      version: 1,
      canCancel: true,
      canReschedule: true,
    });
    expect(Date.parse(appt.endsAt) - Date.parse(appt.startsAt)).toBe(30 * 60_000);
    expect(await lastAudit('appointments.create')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
      record_id: appt.id,
    });
    expect((await as.admin.get(`/api/appointments/${appt.id}`)).status).toBe(200);
    expect(await lastAudit('appointments.view')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
      actor_role: 'admin',
    });
  });

  it('a patient may not book through the staff route (403)', async () => {
    const before = await count();
    const res = await as.user.post('/api/appointments', {
      patientId: ownRecord,
      specialistId: ids.specialist,
      typeId: 'follow_up',
      startsAt: freshHour(),
    });
    expect(res.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("a patient sees only their own; another's answers 404, audited with that patient", async () => {
    const mine = await book();
    const theirs = await book({ patientId: otherRecord });
    const own = await as.user.get(`/api/appointments/${mine.id}`);
    expect(own.status).toBe(200);
    expect(own.body.notes).toBeNull(); // staff notes are not the patient's to read
    const other = await as.user.get(`/api/appointments/${theirs.id}`);
    expect(other.status).toBe(404);
    expect(await lastAudit('appointments.view')).toMatchObject({
      outcome: 'denied',
      patient_id: otherRecord,
      actor_role: 'user',
    });
    expect((await as.user.get(`/api/appointments/${theirs.id}/ics`)).status).toBe(404);
    const cancel = await as.user.post(`/api/appointments/${theirs.id}/cancel`, {
      version: 1,
      reason: 'No puedo',
    });
    expect(cancel.status).toBe(404);
    expect((await row(theirs.id)).status).toBe('confirmed');

    const list = await as.user.get(
      '/api/appointments?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z',
    );
    expect(list.status).toBe(200);
    const listed = list.body.items.map((a: { id: string }) => a.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    for (const a of list.body.items) expect(a.patient.id).toBe(ownRecord);
    // a patient filter from a patient is refused, audited
    const filtered = await as.user.get(
      `/api/appointments?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z&patientId=${otherRecord}`,
    );
    expect(filtered.status).toBe(403);
    expect(await lastAudit('appointments.list')).toMatchObject({
      outcome: 'denied',
      patient_id: otherRecord,
    });
    const theirList = (await otherPatient.get('/api/appointments/mine')).body;
    const theirIds = [...theirList.upcoming, ...theirList.past].map((a: { id: string }) => a.id);
    expect(theirIds).toContain(theirs.id);
    expect(theirIds).not.toContain(mine.id);
  });

  it('the staff list writes one audit row per appointment listed', async () => {
    const appt = await book();
    const from = new Date(Date.parse(appt.startsAt) - 60_000).toISOString();
    const to = new Date(Date.parse(appt.startsAt) + 60_000).toISOString();
    const before = Number(
      (
        await server.sql<{ n: string }>(
          "select count(*)::text n from audit_log where action = 'appointments.list'",
        )
      )[0]!.n,
    );
    const res = await as.specialist.get(`/api/appointments?from=${from}&to=${to}`);
    expect(res.body.items.map((a: { id: string }) => a.id)).toEqual([appt.id]);
    const after = Number(
      (
        await server.sql<{ n: string }>(
          "select count(*)::text n from audit_log where action = 'appointments.list'",
        )
      )[0]!.n,
    );
    expect(after).toBe(before + 1);
    expect(await lastAudit('appointments.list')).toMatchObject({
      patient_id: ownRecord,
      record_id: appt.id,
    });
  });
});

describe('never double-booked', () => {
  it('50 parallel requests for one slot: exactly one booking, the rest 409 slot_taken', async () => {
    const startsAt = freshHour();
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? as.admin : as.specialist).post('/api/appointments', {
          patientId: i % 3 ? ownRecord : otherRecord,
          specialistId: ids.specialist,
          typeId: 'follow_up',
          startsAt,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error.code).toBe('slot_taken');
    expect(await count()).toBe(before + 1);
  });

  it("overlaps count the first visit's buffer; a cancelled visit frees its time", async () => {
    const first = await book();
    // follow-up: 30 min + 10 min buffer; 35 min later is inside the buffer
    const inBuffer = new Date(Date.parse(first.startsAt) + 35 * 60_000).toISOString();
    const taken = await as.specialist.post('/api/appointments', {
      patientId: otherRecord,
      specialistId: ids.specialist,
      typeId: 'follow_up',
      startsAt: inBuffer,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slot_taken');
    expect(await lastAudit('appointments.create')).toMatchObject({
      outcome: 'denied',
      patient_id: otherRecord,
    });
    const after = new Date(Date.parse(first.startsAt) + 40 * 60_000).toISOString();
    await book({ startsAt: after, patientId: otherRecord });
    // another specialist is free at the same time
    await book({ startsAt: first.startsAt, specialistId: ids.admin });
    const cancelled = await as.specialist.post(`/api/appointments/${first.id}/cancel`, {
      version: 1,
      reason: 'Paciente enfermo',
    });
    expect(cancelled.status).toBe(200);
    await book({ startsAt: first.startsAt, patientId: otherRecord });
  });

  it('the refusal is translated', async () => {
    const first = await book();
    const es = server.client({ lang: 'es' });
    for (const [k, v] of as.specialist.cookies) es.cookies.set(k, v);
    const res = await es.post('/api/appointments', {
      patientId: otherRecord,
      specialistId: ids.specialist,
      typeId: 'follow_up',
      startsAt: first.startsAt,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Este hueco acaba de ocuparse. Elija otra hora.');
  });

  it('moving onto a taken time is 409 and changes nothing', async () => {
    const a = await book();
    const b = await book();
    const res = await as.specialist.patch(`/api/appointments/${b.id}`, {
      version: 1,
      startsAt: a.startsAt,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('slot_taken');
    expect((await row(b.id)).version).toBe(1);
    const moved = await as.specialist.patch(`/api/appointments/${b.id}`, {
      version: 1,
      startsAt: new Date(Date.parse(b.startsAt) + 60 * 60_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(2);
    const stale = await as.specialist.patch(`/api/appointments/${b.id}`, {
      version: 1,
      startsAt: b.startsAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
  });
});

describe('free slots', () => {
  const week = (hours: Record<string, unknown>[]) =>
    put(slotDocClient, `/api/appointments/availability/${slotDoc}`, { hours });
  const slots = async (from: string, to: string, typeId = 'follow_up', client = slotDocClient) => {
    const res = await client.get(
      `/api/appointments/slots?specialistId=${slotDoc}&typeId=${typeId}&from=${from}&to=${to}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as { startsAt: string; timeZone: string; modality: string }[];
  };

  it('the same local hours move in UTC across DST in Europe/Madrid and America/New_York', async () => {
    const res = await week([
      // Madrid, Fridays and Mondays 09:00–10:00 (one 30+10 min follow-up fits)
      { weekday: 5, start: '09:00', end: '10:00', modality: 'in_person', location: 'Consulta 2' },
      { weekday: 1, start: '09:00', end: '10:00', modality: 'in_person', location: 'Consulta 2' },
      // New York telehealth, Thursdays 09:00–10:00
      {
        weekday: 4,
        start: '09:00',
        end: '10:00',
        modality: 'telehealth',
        timeZone: 'America/New_York',
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hours).toHaveLength(3);

    // Madrid springs forward on Sunday 2027-03-28: 09:00 CET = 08:00Z, then 09:00 CEST = 07:00Z
    const spring = await slots('2027-03-26', '2027-03-29');
    expect(spring.map((s) => s.startsAt)).toEqual([
      '2027-03-26T08:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
    expect(spring[0]).toMatchObject({ timeZone: 'Europe/Madrid', modality: 'in_person' });
    // and falls back on Sunday 2027-10-31
    expect((await slots('2027-10-29', '2027-11-01')).map((s) => s.startsAt)).toEqual([
      '2027-10-29T07:00:00.000Z',
      '2027-11-01T08:00:00.000Z',
    ]);
    // New York springs forward on 2027-03-14: 09:00 EST = 14:00Z, then 09:00 EDT = 13:00Z
    const ny = (await slots('2027-03-11', '2027-03-18')).filter(
      (s) => s.timeZone === 'America/New_York',
    );
    expect(ny.map((s) => s.startsAt)).toEqual([
      '2027-03-11T14:00:00.000Z',
      '2027-03-18T13:00:00.000Z',
    ]);
    expect(ny[0]!.modality).toBe('telehealth');
    // and falls back on 2027-11-07
    const nyFall = (await slots('2027-11-04', '2027-11-11')).filter(
      (s) => s.timeZone === 'America/New_York',
    );
    expect(nyFall.map((s) => s.startsAt)).toEqual([
      '2027-11-04T13:00:00.000Z',
      '2027-11-11T14:00:00.000Z',
    ]);
    // an in-person type is not offered in telehealth hours
    const firstVisits = await slots('2027-03-11', '2027-03-18', 'first_visit');
    expect(firstVisits.every((s) => s.modality === 'in_person')).toBe(true);
  });

  it('a night on the spring-forward day is an hour shorter', async () => {
    await week([{ weekday: 7, start: '01:00', end: '05:00', modality: 'telehealth' }]);
    // Sunday 2027-03-28 in Madrid: 01:00 CET (00:00Z) … 05:00 CEST (03:00Z) is three real hours
    const s = await slots('2027-03-28', '2027-03-28');
    expect(s.map((x) => x.startsAt)).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:40:00.000Z',
      '2027-03-28T01:20:00.000Z',
      '2027-03-28T02:00:00.000Z',
    ]);
    // a Sunday without a change: four hours, six slots
    expect(await slots('2027-03-21', '2027-03-21')).toHaveLength(6);
  });

  it('absences remove slots, extra hours add them, bookings and their buffers hold them', async () => {
    await week([{ weekday: 3, start: '10:00', end: '12:00', modality: 'in_person' }]);
    // Wednesday 2027-06-16 (CEST): 10:00, 10:40, 11:20 local = 08:00, 08:40, 09:20Z
    expect((await slots('2027-06-16', '2027-06-16')).map((s) => s.startsAt)).toEqual([
      '2027-06-16T08:00:00.000Z',
      '2027-06-16T08:40:00.000Z',
      '2027-06-16T09:20:00.000Z',
    ]);
    const booked = await book({ specialistId: slotDoc, startsAt: '2027-06-16T08:40:00.000Z' });
    expect((await slots('2027-06-16', '2027-06-16')).map((s) => s.startsAt)).toEqual([
      '2027-06-16T08:00:00.000Z',
      '2027-06-16T09:20:00.000Z',
    ]);
    await as.specialist.post(`/api/appointments/${booked.id}/cancel`, {
      version: 1,
      reason: 'Cambio de planes',
    });
    expect(await slots('2027-06-16', '2027-06-16')).toHaveLength(3);

    const absence = await slotDocClient.post(
      `/api/appointments/availability/${slotDoc}/exceptions`,
      { kind: 'absence', date: '2027-06-16', note: 'Congreso' },
    );
    expect(absence.status, JSON.stringify(absence.body)).toBe(201);
    expect(absence.body.startsAt).toBe('2027-06-15T22:00:00.000Z');
    expect(await slots('2027-06-16', '2027-06-16')).toEqual([]);
    const extra = await slotDocClient.post(`/api/appointments/availability/${slotDoc}/exceptions`, {
      kind: 'extra',
      date: '2027-06-19',
      start: '16:00',
      end: '17:00',
      modality: 'telehealth',
    });
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    expect((await slots('2027-06-19', '2027-06-19')).map((s) => s.startsAt)).toEqual([
      '2027-06-19T14:00:00.000Z',
    ]);
    const removed = await slotDocClient.delete(
      `/api/appointments/availability/${slotDoc}/exceptions/${absence.body.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await slots('2027-06-16', '2027-06-16')).toHaveLength(3);
  });

  it('a specialist changes only their own hours; a patient may not read them', async () => {
    const res = await put(as.specialist, `/api/appointments/availability/${slotDoc}`, {
      hours: [],
    });
    expect(res.status).toBe(403);
    expect(await lastAudit('appointments.availability.edit')).toMatchObject({ outcome: 'denied' });
    expect((await as.user.get(`/api/appointments/availability/${slotDoc}`)).status).toBe(403);
    expect((await as.admin.get(`/api/appointments/availability/${slotDoc}`)).status).toBe(200);
  });

  it('bad availability input is a 400 that changes nothing', async () => {
    const bad = [
      { hours: [{ weekday: 8, start: '09:00', end: '10:00', modality: 'in_person' }] },
      { hours: [{ weekday: 1, start: '10:00', end: '09:00', modality: 'in_person' }] },
      { hours: [{ weekday: 1, start: '25:00', end: '26:00', modality: 'in_person' }] },
      {
        hours: [
          {
            weekday: 1,
            start: '09:00',
            end: '10:00',
            modality: 'in_person',
            timeZone: 'Mars/Olympus',
          },
        ],
      },
      { hours: [{ weekday: 1, start: '09:00', end: '10:00', modality: 'in_person', extra: 1 }] },
      {
        hours: [
          { weekday: 1, start: '09:00', end: '11:00', modality: 'in_person' },
          { weekday: 1, start: '10:00', end: '12:00', modality: 'telehealth' },
        ],
      },
    ];
    const before = (await slotDocClient.get(`/api/appointments/availability/${slotDoc}`)).body
      .hours;
    for (const body of bad) {
      const res = await week(body.hours);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const exception = await slotDocClient.post(
      `/api/appointments/availability/${slotDoc}/exceptions`,
      { kind: 'extra', date: '2027-06-19', start: '17:00', end: '16:00', modality: 'telehealth' },
    );
    expect(exception.status).toBe(400);
    expect(
      (await slotDocClient.get(`/api/appointments/availability/${slotDoc}`)).body.hours,
    ).toEqual(before);
    const query = await slotDocClient.get(
      `/api/appointments/slots?specialistId=${slotDoc}&typeId=follow_up&from=2027-06-20&to=2027-06-19`,
    );
    expect(query.status).toBe(400);
    const long = await slotDocClient.get(
      `/api/appointments/slots?specialistId=${slotDoc}&typeId=follow_up&from=2027-01-01&to=2027-06-19`,
    );
    expect(long.status).toBe(400);
  });
});

describe("patients' own bookings", () => {
  let slotStart: string;
  beforeAll(async () => {
    await put(slotDocClient, `/api/appointments/availability/${slotDoc}`, {
      hours: [{ weekday: 2, start: '09:00', end: '13:00', modality: 'in_person' }],
    });
    const res = await as.user.get(
      `/api/appointments/slots?specialistId=${slotDoc}&typeId=follow_up&from=2027-09-07&to=2027-09-07`,
    );
    expect(res.status).toBe(200);
    slotStart = res.body.items[0].startsAt;
  });

  it('request mode: the request waits as pending; staff confirm it', async () => {
    await setSettings({ patientBooking: 'request' });
    const res = await as.user.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'follow_up',
      startsAt: slotStart,
      note: 'Dolor lumbar peor desde el lunes',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      patient: { id: ownRecord },
      patientNote: 'Dolor lumbar peor desde el lunes',
      allowedTransitions: [],
    });
    expect(await lastAudit('appointments.request')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
    });
    const again = await otherPatient.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'follow_up',
      startsAt: slotStart,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('slot_unavailable');
    const confirmed = await as.specialist.post(`/api/appointments/${res.body.id}/status`, {
      status: 'confirmed',
      version: 1,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    const mine = (await as.user.get('/api/appointments/mine')).body;
    expect(mine.patientBooking).toBe('request');
    expect(mine.upcoming.map((a: { id: string }) => a.id)).toContain(res.body.id);
  });

  it('self mode books straight away; view mode refuses (403, audited)', async () => {
    await setSettings({ patientBooking: 'self' });
    const free = (
      await as.user.get(
        `/api/appointments/slots?specialistId=${slotDoc}&typeId=follow_up&from=2027-09-14&to=2027-09-14`,
      )
    ).body.items;
    const res = await as.user.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'follow_up',
      startsAt: free[0].startsAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('confirmed');
    await setSettings({ patientBooking: 'view' });
    const before = await count();
    const refused = await as.user.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'follow_up',
      startsAt: free[1].startsAt,
    });
    expect(refused.status).toBe(403);
    expect(await count()).toBe(before);
    expect(await lastAudit('appointments.request')).toMatchObject({
      outcome: 'denied',
      patient_id: ownRecord,
    });
    await setSettings({ patientBooking: 'request' });
  });

  it('a time that is not a free slot, or a staff-only type, is refused', async () => {
    const off = await as.user.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'follow_up',
      startsAt: '2027-09-07T07:05:00.000Z',
    });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe('slot_unavailable');
    const staffOnly = await as.user.post('/api/appointments/mine', {
      specialistId: slotDoc,
      typeId: 'infiltration',
      startsAt: slotStart,
    });
    expect(staffOnly.status).toBe(400);
    expect(
      (
        await as.user.get(
          `/api/appointments/slots?specialistId=${slotDoc}&typeId=infiltration&from=2027-09-07&to=2027-09-07`,
        )
      ).status,
    ).toBe(400);
    // staff have no own bookings
    expect(
      (
        await as.specialist.post('/api/appointments/mine', {
          specialistId: slotDoc,
          typeId: 'follow_up',
          startsAt: slotStart,
        })
      ).status,
    ).toBe(403);
  });
});

describe('cancelling, status changes, rebooking', () => {
  it('a patient cancels before the notice period, not inside it; staff always', async () => {
    const soon = new Date(Date.now() + 2 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const near = await book({ startsAt: soon.toISOString() });
    const far = await book();
    const late = await as.user.post(`/api/appointments/${near.id}/cancel`, {
      version: 1,
      reason: 'Me ha surgido algo',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('cancel_notice_passed');
    expect(late.body.error.message).toContain('24 h');
    expect((await row(near.id)).status).toBe('confirmed');
    expect(await lastAudit('appointments.cancel')).toMatchObject({
      outcome: 'denied',
      patient_id: ownRecord,
    });
    expect((await as.user.get(`/api/appointments/${near.id}`)).body.canCancel).toBe(false);

    const ok = await as.user.post(`/api/appointments/${far.id}/cancel`, {
      version: 1,
      reason: 'Viaje de trabajo',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'cancelled',
      cancellation: { reason: 'Viaje de trabajo', by: { id: ids.user }, byRole: 'user' },
    });
    const staff = await as.specialist.post(`/api/appointments/${near.id}/cancel`, {
      version: 1,
      reason: 'La especialista está enferma',
    });
    expect(staff.status).toBe(200);
    const twice = await as.specialist.post(`/api/appointments/${near.id}/cancel`, {
      version: 2,
      reason: 'otra vez',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('transition_not_allowed');
    const noReason = await as.specialist.post(`/api/appointments/${far.id}/cancel`, {
      version: 2,
      reason: '  ',
    });
    expect(noReason.status).toBe(400);
  });

  it('completed and no-show only once started; a stale version is 409', async () => {
    const future = await book();
    const early = await as.specialist.post(`/api/appointments/${future.id}/status`, {
      status: 'no_show',
      version: 1,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('transition_not_allowed');
    const past = await book({ startsAt: '2026-01-05T09:00:00.000Z' });
    expect(past.allowedTransitions).toEqual(['completed', 'no_show', 'cancelled']);
    const done = await as.specialist.post(`/api/appointments/${past.id}/status`, {
      status: 'no_show',
      version: 1,
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('no_show');
    expect(await lastAudit('appointments.transition')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
    });
    const stale = await as.specialist.post(`/api/appointments/${past.id}/status`, {
      status: 'confirmed',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const user = await as.user.post(`/api/appointments/${past.id}/status`, {
      status: 'confirmed',
      version: 2,
    });
    expect(user.status).toBe(403);
  });

  it('rebook the next visit from this one in one step', async () => {
    const visit = await book({ typeId: 'first_visit', location: 'Consulta 3' });
    const next = new Date(Date.parse(visit.startsAt) + 14 * 24 * 3_600_000).toISOString();
    const res = await as.specialist.post(`/api/appointments/${visit.id}/rebook`, {
      startsAt: next,
      typeId: 'follow_up',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      patient: { id: ownRecord },
      specialist: { id: ids.specialist },
      type: { id: 'follow_up' },
      rebookedFromId: visit.id,
      status: 'confirmed',
      startsAt: next,
    });
    expect(await lastAudit('appointments.rebook')).toMatchObject({ patient_id: ownRecord });
  });

  it('only an administrator deletes an appointment', async () => {
    const appt = await book();
    expect((await as.specialist.delete(`/api/appointments/${appt.id}`)).status).toBe(403);
    expect((await as.admin.delete(`/api/appointments/${appt.id}`)).status).toBe(204);
    expect(await server.sql('select id from appointment where id = $1', [appt.id])).toEqual([]);
    expect(await lastAudit('appointments.delete')).toMatchObject({ patient_id: ownRecord });
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['a NUL byte', { notes: 'a\u0000b' }, 'invalid_text'],
    ['a huge note', { notes: 'x'.repeat(5_000) }, 'validation_failed'],
    ['an unknown field', { colour: 'red' }, 'validation_failed'],
    ['a wrong type', { startsAt: 12 }, 'validation_failed'],
    ['a time without its offset', { startsAt: '2030-05-01T10:00:00' }, 'validation_failed'],
    ['a day that does not exist', { startsAt: '2030-02-30T10:00:00Z' }, 'validation_failed'],
    ['an unknown type', { typeId: 'massage' }, 'validation_failed'],
    ['a non-specialist', { specialistId: 'nobody' }, 'validation_failed'],
    [
      'a patient that does not exist',
      { patientId: '00000000-0000-4000-8000-000000000000' },
      'validation_failed',
    ],
    [
      'a wrong modality for the type',
      { typeId: 'infiltration', modality: 'telehealth' },
      'validation_failed',
    ],
  ])('%s', async (_name, overrides, code) => {
    const before = await count();
    const res = await as.specialist.post('/api/appointments', {
      patientId: ownRecord,
      specialistId: ids.specialist,
      typeId: 'follow_up',
      startsAt: freshHour(),
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(await count()).toBe(before);
  });

  it('a list range that ends before it starts, or is too long, is a 400', async () => {
    expect(
      (
        await as.specialist.get(
          '/api/appointments?from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z',
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await as.specialist.get(
          '/api/appointments?from=2030-01-01T00:00:00Z&to=2030-06-01T00:00:00Z',
        )
      ).status,
    ).toBe(400);
  });

  it('an id that is not a UUID is a 404', async () => {
    expect((await as.specialist.get('/api/appointments/not-an-id')).status).toBe(404);
  });
});

describe("the patients module shows the next visit (through this module's service)", () => {
  it("the list and the chart carry the next pending or confirmed visit; researchers don't", async () => {
    const name = `Próxima Visita ${Date.now()}`;
    const created = await as.specialist.post('/api/patients', { ...MINIMAL_PATIENT, name });
    const id = created.body.id as string;
    const later = await book({ patientId: id, startsAt: '2031-05-06T09:00:00.000Z' });
    const sooner = await book({ patientId: id, startsAt: '2031-05-05T09:00:00.000Z' });
    await book({ patientId: id, startsAt: '2020-05-05T09:00:00.000Z' }); // past: not next
    const listed = async () =>
      (await as.specialist.get(`/api/patients?q=${encodeURIComponent(name)}`)).body.items.find(
        (p: { id: string }) => p.id === id,
      );
    expect((await listed()).nextAppointment).toBe(sooner.startsAt);
    expect((await as.admin.get(`/api/patients/${id}`)).body.nextAppointment).toBe(sooner.startsAt);
    await as.specialist.post(`/api/appointments/${sooner.id}/cancel`, {
      version: 1,
      reason: 'Cambio',
    });
    expect((await listed()).nextAppointment).toBe(later.startsAt);
    const chart = await as.specialist.get(`/api/appointments/patient/${id}`);
    expect(chart.status).toBe(200);
    expect(chart.body.items.map((a: { startsAt: string }) => a.startsAt)).toEqual([
      later.startsAt,
      sooner.startsAt,
      '2020-05-05T09:00:00.000Z',
    ]);
    expect(await lastAudit('appointments.patient_list')).toMatchObject({
      outcome: 'success',
      patient_id: id,
    });
    expect((await as.user.get(`/api/appointments/patient/${id}`)).status).toBe(403);
    expect(await lastAudit('appointments.patient_list')).toMatchObject({
      outcome: 'denied',
      patient_id: id,
    });
    expect((await as.researcher.get(`/api/appointments/patient/${id}`)).status).toBe(403);
    const deidentified = await as.researcher.get(`/api/patients/${id}`);
    expect(deidentified.status).toBe(200);
    expect(deidentified.body.nextAppointment).toBeUndefined();
  });
});

describe('iCalendar', () => {
  it('parses with ical.js: times in UTC, two reminders, the language asked for', async () => {
    const appt = await book({ startsAt: '2030-11-04T09:30:00.000Z' });
    const es = server.client({ lang: 'es' });
    for (const [k, v] of as.user.cookies) es.cookies.set(k, v);
    const res = await es.get(`/api/appointments/${appt.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-11-04T09:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-11-04T10:00:00.000Z');
    expect(event.summary).toContain('Revisión');
    expect(event.uid).toContain(appt.id);
    const alarms = vevent.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(2);
    expect(alarms.map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual([
      '-PT24H',
      '-PT2H',
    ]);
    expect(await lastAudit('appointments.ics')).toMatchObject({
      outcome: 'success',
      patient_id: ownRecord,
      actor_role: 'user',
    });
    const en = await as.specialist.get(`/api/appointments/${appt.id}/ics`);
    expect(
      new ICAL.Event(new ICAL.Component(ICAL.parse(en.text)).getFirstSubcomponent('vevent')!)
        .summary,
    ).toContain('Follow-up');
  });
});
