/**
 * Editing working hours and exceptions through the real server (PGlite, and PostgreSQL with
 * TEST_DB_KIND=postgres), as the availability screen does: per role (a specialist their own, an
 * administrator anyone's, a patient and a researcher nobody's, each refusal audited), bad input
 * (overlapping ranges, end before start, NUL bytes, huge strings, wrong types, unknown fields) is a
 * translated 400 in both languages that changes nothing, and the free-slot search follows the edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;
let specialist: ApiClient;
let patient: ApiClient;
let researcher: ApiClient;
let doc: string;
let docClient: ApiClient;
let specialistId: string;

const userId = (email: string) => server.userId(email);
const put = (client: ApiClient, id: string, json: unknown, lang?: string) =>
  client.request('PUT', `/api/appointments/availability/${id}`, {
    json,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const monday = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  weekday: 1,
  start,
  end,
  modality: 'in_person',
  ...extra,
});
const lastAudit = async (action: string) =>
  (
    await server.sql<{ outcome: string; actor_user_id: string; record_id: string | null }>(
      'select outcome, actor_user_id, record_id from audit_log where action = $1 order by id desc limit 1',
      [action],
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn(DEMO.admin);
  specialist = await server.signIn(DEMO.specialist);
  patient = await server.signIn(DEMO.user);
  researcher = await server.signIn(DEMO.researcher);
  specialistId = await userId(DEMO.specialist);
  await createAccount(server, {
    role: 'specialist',
    email: 'hours@availability.test',
    name: 'Dr. Horas',
    password: DEMO_PASSWORD,
  });
  doc = await userId('hours@availability.test');
  docClient = await server.signIn('hours@availability.test');
});
afterAll(() => server?.close());

describe('weekly hours, per role', () => {
  it('a specialist saves several ranges a day in a zone, and reads them back in order', async () => {
    const res = await put(docClient, doc, {
      hours: [
        monday('16:00', '19:00', { modality: 'telehealth', timeZone: 'America/New_York' }),
        monday('09:00', '13:00', { location: 'Consulta 2', timeZone: 'America/New_York' }),
        monday('13:00', '14:00', { timeZone: 'America/New_York' }),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.hours.map((h: { start: string; end: string; timeZone: string }) => [
        h.start,
        h.end,
        h.timeZone,
      ]),
    ).toEqual([
      ['09:00', '13:00', 'America/New_York'],
      ['13:00', '14:00', 'America/New_York'],
      ['16:00', '19:00', 'America/New_York'],
    ]);
    expect(await lastAudit('appointments.availability.edit')).toMatchObject({
      outcome: 'success',
      actor_user_id: doc,
      record_id: doc,
    });
  });

  it("an administrator edits anyone's hours; a specialist nobody else's", async () => {
    const byAdmin = await put(admin, doc, { hours: [monday('10:00', '12:00')] });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.hours).toHaveLength(1);
    const other = await put(specialist, doc, { hours: [] });
    expect(other.status).toBe(403);
    expect(await lastAudit('appointments.availability.edit')).toMatchObject({ outcome: 'denied' });
    const exception = await specialist.post(`/api/appointments/availability/${doc}/exceptions`, {
      kind: 'absence',
      date: '2031-03-02',
    });
    expect(exception.status).toBe(403);
    expect((await docClient.get(`/api/appointments/availability/${doc}`)).body.hours).toHaveLength(
      1,
    );
    // the specialist's own still works
    expect(
      (await put(specialist, specialistId, { hours: [monday('08:00', '09:00')] })).status,
    ).toBe(200);
  });

  it('a patient and a researcher neither read nor edit hours', async () => {
    expect((await patient.get(`/api/appointments/availability/${doc}`)).status).toBe(403);
    expect((await put(patient, doc, { hours: [] })).status).toBe(403);
    expect((await researcher.get(`/api/appointments/availability/${doc}`)).status).toBe(403);
    expect((await put(researcher, doc, { hours: [] })).status).toBe(403);
    expect((await docClient.get(`/api/appointments/availability/${doc}`)).body.hours).toHaveLength(
      1,
    );
  });

  it('hours of someone who is not a specialist are a 400 (no hours for patients)', async () => {
    const res = await put(admin, await userId(DEMO.user), { hours: [] });
    expect(res.status).toBe(400);
  });
});

describe('bad input: a translated 400 that changes nothing', () => {
  const before = async () => (await docClient.get(`/api/appointments/availability/${doc}`)).body;

  it('overlapping ranges and end before start, in English and Spanish', async () => {
    const was = await before();
    const overlap = { hours: [monday('09:00', '13:00'), monday('12:30', '14:00')] };
    const en = await put(docClient, doc, overlap, 'en');
    const es = await put(docClient, doc, overlap, 'es');
    for (const res of [en, es]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ path: 'hours.1.start', message: 'overlapping_hours' }),
      ]);
    }
    expect(en.body.error.message).not.toBe(es.body.error.message);
    const backwards = await put(docClient, doc, { hours: [monday('14:00', '09:00')] }, 'es');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toMatchObject({
      path: 'hours.0.end',
      message: 'end_before_start',
    });
    const empty = await put(docClient, doc, { hours: [monday('09:00', '09:00')] });
    expect(empty.status).toBe(400);
    expect(await before()).toEqual(was);
  });

  it('NUL bytes, huge strings, wrong types and unknown fields', async () => {
    const was = await before();
    const bodies: unknown[] = [
      { hours: [monday('09:00', '10:00', { location: 'Sala\u00002' })] },
      { hours: [monday('09:00\u0000', '10:00')] },
      { hours: [monday('09:00', '10:00', { location: 'x'.repeat(100_000) })] },
      { hours: [monday('09:00', '10:00', { timeZone: 'Europe/Madrid\u0000' })] },
      { hours: [monday('09:00', '10:00', { weekday: '1' })] },
      { hours: [monday('09:00', '10:00', { modality: 'home' })] },
      { hours: 'all week' },
      { hours: [monday('09:00', '10:00')], extra: true },
      { hours: Array.from({ length: 101 }, (_, i) => monday(`0${i % 9}:00`, `0${i % 9}:30`)) },
    ];
    for (const body of bodies) {
      const res = await put(docClient, doc, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    const exceptions = [
      { kind: 'absence', date: '2031-03-02', note: 'Congreso\u0000' },
      { kind: 'absence', date: '2031-03-02', note: 'x'.repeat(100_000) },
      { kind: 'absence', date: '2031-03-05', untilDate: '2031-03-02' },
      { kind: 'absence', date: '2031-03-02', untilDate: '2033-03-02' },
      { kind: 'extra', date: '2031-03-02' },
      { kind: 'extra', date: '2031-03-02', start: '18:00', end: '17:00', modality: 'telehealth' },
      { kind: 'holiday', date: '2031-03-02' },
      { kind: 'absence', date: '2031-02-30' },
    ];
    for (const body of exceptions) {
      const res = await docClient.post(`/api/appointments/availability/${doc}/exceptions`, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    expect(await before()).toEqual(was);
  });

  it('an unknown or malformed exception id is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope'])
      expect(
        (await docClient.delete(`/api/appointments/availability/${doc}/exceptions/${id}`)).status,
      ).toBe(404);
  });
});

describe('the free-slot search follows the edit', () => {
  it('new hours give slots; a day off and removing the hours take them away', async () => {
    const slots = async (day: string) => {
      const res = await docClient.get(
        `/api/appointments/slots?specialistId=${doc}&typeId=follow_up&from=${day}&to=${day}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items as { startsAt: string }[];
    };
    // 2031-03-03 is a Monday; Madrid is UTC+1 then
    expect((await put(docClient, doc, { hours: [monday('09:00', '10:20')] })).status).toBe(200);
    expect((await slots('2031-03-03')).map((s) => s.startsAt)).toEqual([
      '2031-03-03T08:00:00.000Z',
      '2031-03-03T08:40:00.000Z',
    ]);
    const off = await docClient.post(`/api/appointments/availability/${doc}/exceptions`, {
      kind: 'absence',
      date: '2031-03-03',
      note: 'Festivo',
    });
    expect(off.status).toBe(201);
    expect(await slots('2031-03-03')).toEqual([]);
    expect(
      (await docClient.delete(`/api/appointments/availability/${doc}/exceptions/${off.body.id}`))
        .status,
    ).toBe(204);
    expect(await slots('2031-03-03')).toHaveLength(2);
    expect((await put(docClient, doc, { hours: [] })).status).toBe(200);
    expect(await slots('2031-03-03')).toEqual([]);
  });
});
