/**
 * Recurring series (ADR 0037) through the real server: the preview's dates keep the wall-clock time
 * across the DST change in Europe/Madrid and name the taken dates; booking refuses the whole series
 * on a taken date (nothing saved) or books only the free ones when asked; one audit row per visit
 * with the patient; cancelling or moving one visit, this and the following, or the whole series,
 * all or nothing; the exclusion constraint under a racing booking; per-role refusals; bad input.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { seriesStarts, shiftLocal } from './series.service';

let server: TestServer;
let staff: ApiClient;
let patientClient: ApiClient;
let researcher: ApiClient;
let doc: string;
let record: string;
const ZONE = 'Europe/Madrid';

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.signIn(DEMO.specialist);
  researcher = await server.signIn(DEMO.researcher);
  patientClient = await server.signIn(DEMO.user);
  await createAccount(server, {
    role: 'specialist',
    email: 'series@appointments.test',
    name: 'Dra. Serie',
    password: DEMO_PASSWORD,
  });
  doc = await server.userId('series@appointments.test');
  const p = await staff.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Paciente Serie' });
  record = p.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [
    await server.userId(DEMO.user),
    record,
  ]);
});
afterAll(() => server?.close());

/** 10:00 Madrid on a Monday of a far year, `week` weeks after a base (each test its own weeks). */
const madrid = (isoDate: string, time = '10:00') =>
  DateTime.fromISO(`${isoDate}T${time}`, { zone: ZONE }).toUTC().toISO()!;
const localOf = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toFormat('yyyy-LL-dd HH:mm');

const seriesBody = (over: Record<string, unknown> = {}) => ({
  patientId: record,
  specialistId: doc,
  typeId: 'psychology',
  startsAt: madrid('2031-03-03'),
  timeZone: ZONE,
  intervalWeeks: 1,
  count: 4,
  ...over,
});

const countSeries = async () =>
  Number(
    (
      await server.sql<{ n: string }>(
        'select count(*)::text as n from appointment where series_id is not null',
      )
    )[0]!.n,
  );

describe('dates', () => {
  it('keep the wall-clock time across a DST change; a move shifts by days and time of day', () => {
    // 2031-03-30: Europe/Madrid goes from +01:00 to +02:00
    const starts = seriesStarts(new Date(madrid('2031-03-17')), ZONE, 1, 4);
    expect(starts.map((d) => localOf(d.toISOString()))).toEqual([
      '2031-03-17 10:00',
      '2031-03-24 10:00',
      '2031-03-31 10:00',
      '2031-04-07 10:00',
    ]);
    expect(starts[1]!.toISOString()).toBe('2031-03-24T09:00:00.000Z');
    expect(starts[2]!.toISOString()).toBe('2031-03-31T08:00:00.000Z');
    // dragged from Monday 10:00 to Tuesday 16:30: a visit across the change moves the same way
    const moved = shiftLocal(starts[2]!, starts[0]!, new Date(madrid('2031-03-18', '16:30')), ZONE);
    expect(localOf(moved.toISOString())).toBe('2031-04-01 16:30');
    // back over midnight
    const early = shiftLocal(starts[0]!, starts[0]!, new Date(madrid('2031-03-16', '23:30')), ZONE);
    expect(localOf(early.toISOString())).toBe('2031-03-16 23:30');
  });
});

describe('booking a series', () => {
  it('previews the dates, names a taken one, refuses the whole series, then books only the free dates', async () => {
    const blocker = await staff.post('/api/appointments', {
      patientId: record,
      specialistId: doc,
      typeId: 'follow_up',
      startsAt: madrid('2031-03-31', '10:15'),
    });
    expect(blocker.status).toBe(201);

    const body = seriesBody({ startsAt: madrid('2031-03-17'), count: 5, intervalWeeks: 2 });
    const preview = await staff.post('/api/appointments/series/preview', body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.timeZone).toBe(ZONE);
    expect(
      preview.body.occurrences.map(
        (o: { startsAt: string; conflict: boolean }) =>
          `${localOf(o.startsAt)}${o.conflict ? ' taken' : ''}`,
      ),
    ).toEqual([
      '2031-03-17 10:00',
      '2031-03-31 10:00 taken',
      '2031-04-14 10:00',
      '2031-04-28 10:00',
      '2031-05-12 10:00',
    ]);
    const before = await countSeries();
    const refused = await staff.post('/api/appointments/series', body, {
      'accept-language': 'es',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('series_conflict');
    expect(refused.body.error.message).toContain('Fechas ocupadas por otras visitas: 1.');
    expect(refused.body.error.details.conflicts).toEqual([
      { index: 2, startsAt: '2031-03-31T08:00:00.000Z' },
    ]);
    expect(await countSeries()).toBe(before);

    const audits = async () =>
      Number(
        (
          await server.sql<{ n: string }>(
            `select count(*)::text as n from audit_log where action = 'appointments.create' and patient_id = $1`,
            [record],
          )
        )[0]!.n,
      );
    const audited = await audits();
    const booked = await staff.post('/api/appointments/series', { ...body, skipConflicts: true });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.items).toHaveLength(4);
    expect(booked.body.skipped.map((o: { index: number }) => o.index)).toEqual([2]);
    expect(
      booked.body.items.map((a: { series: { index: number; count: number } }) => [
        a.series.index,
        a.series.count,
      ]),
    ).toEqual([
      [1, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(await audits()).toBe(audited + 4);
    // the patient sees the visits as theirs
    const mine = await patientClient.get('/api/appointments/mine');
    const seriesId = booked.body.seriesId;
    expect(
      mine.body.upcoming.filter(
        (a: { series: { id: string } | null }) => a.series?.id === seriesId,
      ),
    ).toHaveLength(4);
  });

  it('a booking racing the series: never both; the series is all or nothing', async () => {
    const start = madrid('2031-06-02');
    const body = seriesBody({ startsAt: start, count: 6 });
    const third = madrid('2031-06-16', '10:20');
    const before = await countSeries();
    const [series, single] = await Promise.all([
      staff.post('/api/appointments/series', body),
      staff.post('/api/appointments', {
        patientId: record,
        specialistId: doc,
        typeId: 'follow_up',
        startsAt: third,
      }),
    ]);
    const statuses = [series.status, single.status].sort();
    expect(statuses).toEqual([201, 409]);
    const inSeries = (await countSeries()) - before;
    expect(inSeries).toBe(series.status === 201 ? 6 : 0);
  });

  it('is refused for a patient, a researcher and bad input, with nothing saved', async () => {
    const before = await countSeries();
    expect((await patientClient.post('/api/appointments/series', seriesBody())).status).toBe(403);
    expect((await researcher.post('/api/appointments/series', seriesBody())).status).toBe(403);
    const bad: Record<string, unknown>[] = [
      { count: 1 },
      { count: 53 },
      { count: '4' },
      { intervalWeeks: 0 },
      { intervalWeeks: 5 },
      { typeId: 'nope' },
      { patientId: 'x\u0000y' },
      { extra: true },
    ];
    for (const over of bad) {
      const res = await staff.post('/api/appointments/series', seriesBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
    }
    const count = await staff.post('/api/appointments/series', seriesBody({ count: 60 }), {
      'accept-language': 'en',
    });
    expect(JSON.stringify(count.body)).toContain('series_count');
    expect(await countSeries()).toBe(before);
  });
});

describe('changing a series', () => {
  async function newSeries(firstDate: string, count = 4) {
    const res = await staff.post(
      '/api/appointments/series',
      seriesBody({ startsAt: madrid(firstDate), count }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.items as { id: string; version: number; startsAt: string }[];
  }
  const move = (id: string, json: Record<string, unknown>) =>
    staff.request('PATCH', `/api/appointments/${id}`, { json });
  const statusOf = async (ids: string[]) =>
    (
      await server.sql<{ id: string; status: string; starts_at: Date }>(
        'select id, status, starts_at from appointment where id = any($1) order by series_index',
        [ids],
      )
    ).map((r) => `${r.status} ${localOf(r.starts_at.toISOString())}`);

  it('cancels one, this and the following, or the whole series', async () => {
    const a = await newSeries('2031-09-01', 5);
    const ids = a.map((v) => v.id);
    const one = await staff.post(`/api/appointments/${a[1]!.id}/cancel`, {
      version: a[1]!.version,
      reason: 'Vacaciones',
    });
    expect(one.status).toBe(200);
    const following = await staff.post(`/api/appointments/${a[3]!.id}/cancel`, {
      version: a[3]!.version,
      reason: 'Alta',
      scope: 'following',
    });
    expect(following.status).toBe(200);
    expect(await statusOf(ids)).toEqual([
      'confirmed 2031-09-01 10:00',
      'cancelled 2031-09-08 10:00',
      'confirmed 2031-09-15 10:00',
      'cancelled 2031-09-22 10:00',
      'cancelled 2031-09-29 10:00',
    ]);
    // a patient may not act on the series at once (audited), only on one visit
    const denied = await patientClient.post(`/api/appointments/${a[0]!.id}/cancel`, {
      version: a[0]!.version,
      reason: 'No puedo',
      scope: 'all',
    });
    expect(denied.status).toBe(403);
    const all = await staff.post(`/api/appointments/${a[2]!.id}/cancel`, {
      version: a[2]!.version,
      reason: 'Cambio de centro',
      scope: 'all',
    });
    expect(all.status).toBe(200);
    expect((await statusOf(ids)).every((s) => s.startsWith('cancelled'))).toBe(true);
    // one row per cancelled visit, with the patient; the patient's refused attempt is one more
    const rows = await server.sql<{ outcome: string; n: string }>(
      `select outcome, count(*)::text as n from audit_log
        where action = 'appointments.cancel' and record_id = any($1) and patient_id = $2
        group by outcome order by outcome`,
      [ids, record],
    );
    expect(rows.map((r) => `${r.outcome}:${r.n}`)).toEqual(['denied:1', 'success:5']);
  });

  it('moves this and the following by the same shift, or refuses the whole move naming the taken dates', async () => {
    const a = await newSeries('2031-11-03', 4);
    const ids = a.map((v) => v.id);
    // another patient's visit where the third would land
    await staff.post('/api/appointments', {
      patientId: record,
      specialistId: doc,
      typeId: 'follow_up',
      startsAt: madrid('2031-11-18', '17:00'),
    });
    const refused = await move(a[1]!.id, {
      version: a[1]!.version,
      startsAt: madrid('2031-11-11', '17:00'),
      scope: 'following',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.conflicts.map((c: { index: number }) => c.index)).toEqual([
      3,
    ]);
    expect(await statusOf(ids)).toEqual([
      'confirmed 2031-11-03 10:00',
      'confirmed 2031-11-10 10:00',
      'confirmed 2031-11-17 10:00',
      'confirmed 2031-11-24 10:00',
    ]);
    // one week later, same time: each lands where the next one was (moved in a safe order)
    const moved = await move(a[1]!.id, {
      version: a[1]!.version,
      startsAt: madrid('2031-11-17', '10:00'),
      scope: 'following',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await statusOf(ids)).toEqual([
      'confirmed 2031-11-03 10:00',
      'confirmed 2031-11-17 10:00',
      'confirmed 2031-11-24 10:00',
      'confirmed 2031-12-01 10:00',
    ]);
    // the whole series to Wednesdays at 12:00; a stale version changes nothing
    const stale = await move(a[0]!.id, {
      version: a[0]!.version + 5,
      startsAt: madrid('2031-11-05', '12:00'),
      scope: 'all',
    });
    expect(stale.status).toBe(409);
    const all = await move(a[0]!.id, {
      version: a[0]!.version,
      startsAt: madrid('2031-11-05', '12:00'),
      scope: 'all',
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(await statusOf(ids)).toEqual([
      'confirmed 2031-11-05 12:00',
      'confirmed 2031-11-19 12:00',
      'confirmed 2031-11-26 12:00',
      'confirmed 2031-12-03 12:00',
    ]);
    const scopeBad = await move(a[0]!.id, {
      version: all.body.version,
      startsAt: madrid('2031-11-05', '13:00'),
      scope: 'some',
    });
    expect(scopeBad.status).toBe(400);
  });
});
