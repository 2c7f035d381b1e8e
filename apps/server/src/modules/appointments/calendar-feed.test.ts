/**
 * Calendar subscriptions through the real server (PGlite, and PostgreSQL with TEST_DB_KIND=postgres),
 * ADR 0028: a specialist and a patient each make a secret URL, a client without cookies reads it,
 * and an independent parser (ical.js) reads the events back: staff see the type and the patient's
 * initials only, a patient their own visits only; cancelled visits are marked cancelled; a new URL
 * ends the old one; revoking ends it; only the hash is stored; unknown, altered and malformed
 * secrets are 404 (audited); every read is audited with each patient it shows; researchers get none.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
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

let server: TestServer;
let specialist: ApiClient;
let patient: ApiClient;
let researcher: ApiClient;
let other: ApiClient;
let specialistId: string;
let otherId: string;
let ownRecord: string;
let strangerRecord: string;

const userId = (email: string) => server.userId(email);

/** A GET with no cookie, as a calendar app polls. */
const poll = async (url: string) => {
  const res = await fetch(server.client().baseUrl + new URL(url).pathname);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    text: await res.text(),
  };
};
const events = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((v) => ({
      uid: String(v.getFirstPropertyValue('uid')),
      summary: String(v.getFirstPropertyValue('summary')),
      status: String(v.getFirstPropertyValue('status')),
      description: v.getFirstPropertyValue('description'),
      start: new ICAL.Event(v).startDate.toJSDate().toISOString(),
      sequence: Number(v.getFirstPropertyValue('sequence')),
    })),
  };
};

let hourSeq = 0;
const freshHour = () =>
  new Date(Date.now() + 7 * 86_400_000 + ++hourSeq * 3 * 3_600_000)
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ':00.000Z');

async function book(patientId: string, specialist_: string, client: ApiClient) {
  const res = await client.post('/api/appointments', {
    patientId,
    specialistId: specialist_,
    typeId: 'follow_up',
    startsAt: freshHour(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; startsAt: string; version: number };
}

beforeAll(async () => {
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
  patient = await server.signIn(DEMO.user);
  researcher = await server.signIn(DEMO.researcher);
  specialistId = await userId(DEMO.specialist);
  await createAccount(server, {
    role: 'specialist',
    email: 'other@feed.test',
    name: 'Dr. Otro',
    password: DEMO_PASSWORD,
  });
  otherId = await userId('other@feed.test');
  other = await server.signIn('other@feed.test');
  const a = await specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Lucía Fernández Ruiz',
  });
  const b = await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Zoe Extraña' });
  ownRecord = a.body.id;
  strangerRecord = b.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [
    await userId(DEMO.user),
    ownRecord,
  ]);
});
afterAll(() => server?.close());

describe('a specialist’s feed', () => {
  it('shows their own visits with initials only, marks cancelled ones, and is audited per patient', async () => {
    const mine = await book(ownRecord, specialistId, specialist);
    const theirs = await book(strangerRecord, specialistId, specialist);
    const notMine = await book(strangerRecord, otherId, other);
    const cancelled = await book(ownRecord, specialistId, specialist);
    expect(
      (
        await specialist.post(`/api/appointments/${cancelled.id}/cancel`, {
          version: 1,
          reason: 'Gripe',
        })
      ).status,
    ).toBe(200);

    expect((await specialist.get('/api/calendar/feed')).body).toEqual({
      active: false,
      createdAt: null,
      lastReadAt: null,
    });
    const made = await specialist.post('/api/calendar/feed', {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const res = await poll(made.body.url);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/calendar/);
    expect(res.cache).toContain('no-store');
    const feed = events(res.text);
    expect(feed.name).toBe('Pain Lab: my agenda');
    const byUid = new Map(feed.events.map((e) => [e.uid.split('@')[0], e]));
    expect(byUid.get(mine.id)).toMatchObject({
      summary: 'Follow-up · L. F. R.',
      status: 'CONFIRMED',
      start: mine.startsAt,
      sequence: 1,
    });
    expect(byUid.get(theirs.id)?.summary).toBe('Follow-up · Z. E.');
    expect(byUid.get(cancelled.id)?.status).toBe('CANCELLED');
    expect(byUid.has(notMine.id)).toBe(false);
    // nothing but the type and initials: no names, no notes, no description
    expect(res.text).not.toMatch(/Lucía|Fernández|Zoe|Gripe/);
    expect(feed.events.every((e) => e.description === null)).toBe(true);

    const audit = await server.sql<{ patient_id: string; outcome: string; actor_role: string }>(
      `select patient_id, outcome, actor_role from audit_log where action = 'appointments.calendar_feed.read' and record_id = $1 order by id`,
      [specialistId],
    );
    expect(audit.map((r) => r.patient_id).sort()).toEqual([ownRecord, strangerRecord].sort());
    expect(audit.every((r) => r.outcome === 'success' && r.actor_role === 'calendar-feed')).toBe(
      true,
    );
    const state = (await specialist.get('/api/calendar/feed')).body;
    expect(state.active).toBe(true);
    expect(state.lastReadAt).not.toBeNull();
  });

  it('keeps only a hash; a new URL ends the old one; revoking ends it', async () => {
    const first = (await specialist.post('/api/calendar/feed', {})).body.url as string;
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(first)![1]!;
    const stored = await server.sql<{ token_hash: string }>(
      'select token_hash from calendar_feed where user_id = $1',
      [specialistId],
    );
    expect(stored).toEqual([
      { token_hash: createHash('sha256').update(`calendar-feed:${token}`).digest('hex') },
    ]);
    expect(JSON.stringify(await server.sql('select * from calendar_feed'))).not.toContain(token);

    const second = (await specialist.post('/api/calendar/feed', {})).body.url as string;
    expect(second).not.toBe(first);
    expect((await poll(first)).status).toBe(404);
    expect((await poll(second)).status).toBe(200);

    expect((await specialist.delete('/api/calendar/feed')).status).toBe(204);
    expect((await poll(second)).status).toBe(404);
    expect((await specialist.delete('/api/calendar/feed')).status).toBe(404);
    expect((await specialist.get('/api/calendar/feed')).body.active).toBe(false);
  });

  it('is written in the language it was made in', async () => {
    const made = await specialist.request('POST', '/api/calendar/feed', {
      json: {},
      headers: { 'accept-language': 'es' },
    });
    const feed = events((await poll(made.body.url)).text);
    expect(feed.name).toBe('Pain Lab: mi agenda');
    expect(feed.events.some((e) => e.summary.startsWith('Revisión · '))).toBe(true);
  });
});

describe('a patient’s feed', () => {
  it('shows only their own record’s visits, with the type and the clinic', async () => {
    const own = await book(ownRecord, otherId, other);
    const stranger = await book(strangerRecord, otherId, other);
    const made = await patient.post('/api/calendar/feed', {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await poll(made.body.url);
    expect(res.status).toBe(200);
    const feed = events(res.text);
    expect(feed.name).toBe('Pain Lab: my appointments');
    const uids = feed.events.map((e) => e.uid.split('@')[0]);
    expect(uids).toContain(own.id);
    expect(uids).not.toContain(stranger.id);
    expect(feed.events.find((e) => e.uid.startsWith(own.id))?.summary).toBe(
      'Appointment: Follow-up (Pain Lab)',
    );
    expect(res.text).not.toMatch(/Zoe|Extraña/);
    const audit = await server.sql<{ patient_id: string }>(
      `select distinct patient_id from audit_log where action = 'appointments.calendar_feed.read' and record_id = $1`,
      [await userId(DEMO.user)],
    );
    expect(audit).toEqual([{ patient_id: ownRecord }]);
  });
});

describe('refusals', () => {
  it('a researcher may not make one', async () => {
    expect((await researcher.post('/api/calendar/feed', {})).status).toBe(403);
    expect((await researcher.get('/api/calendar/feed')).status).toBe(403);
  });

  it('unknown, altered and malformed secrets are 404, audited; nothing else is read', async () => {
    const url = (await other.post('/api/calendar/feed', {})).body.url as string;
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const before = Number(
      (
        await server.sql<{ n: string }>(
          `select count(*)::text as n from audit_log where action = 'appointments.calendar_feed.read' and outcome = 'denied'`,
        )
      )[0]!.n,
    );
    const base = server.client().baseUrl;
    for (const file of [
      `${altered}.ics`,
      token,
      `${token}.ICS`,
      'x.ics',
      `${'A'.repeat(43)}.ics`,
      'a%00b.ics',
      '%2e%2e.ics',
    ]) {
      const res = await fetch(`${base}/api/calendar/${file}`);
      expect([400, 404], file).toContain(res.status);
      expect(await res.text()).not.toContain('BEGIN:VCALENDAR');
    }
    const after = Number(
      (
        await server.sql<{ n: string }>(
          `select count(*)::text as n from audit_log where action = 'appointments.calendar_feed.read' and outcome = 'denied'`,
        )
      )[0]!.n,
    );
    expect(after - before).toBeGreaterThanOrEqual(5);
    expect((await poll(url)).status).toBe(200);
  });

  it('a user whose role no longer may view appointments, or who is banned, gets nothing', async () => {
    const url = (await other.post('/api/calendar/feed', {})).body.url as string;
    await server.sql(`update "user" set role = 'researcher' where id = $1`, [otherId]);
    expect((await poll(url)).status).toBe(404);
    await server.sql(`update "user" set role = 'specialist', banned = true where id = $1`, [
      otherId,
    ]);
    expect((await poll(url)).status).toBe(404);
    await server.sql(`update "user" set banned = false where id = $1`, [otherId]);
    expect((await poll(url)).status).toBe(200);
  });

  it('stops while its owner is past the date to set up a second factor their role must have (ADR 0038)', async () => {
    const url = (await other.post('/api/calendar/feed', {})).body.url as string;
    const admin = await server.signIn(DEMO.admin);
    const policy = (enforced: boolean) =>
      admin.put('/api/mfa/policy', { role: 'specialist', required: true, enforced, graceDays: 0 });
    expect((await policy(true)).status).toBe(200);
    try {
      expect((await poll(url)).status).toBe(404);
      const [denied] = await server.sql<{ details: { reason: string } }>(
        `select details from audit_log where action = 'appointments.calendar_feed.read'
         and outcome = 'denied' and actor_user_id = $1 order by occurred_at desc limit 1`,
        [otherId],
      );
      expect(denied?.details.reason).toBe('mfa_enrolment_required');
      // once a factor is enrolled the same URL works again
      await server.sql(`update "user" set two_factor_enabled = true where id = $1`, [otherId]);
      expect((await poll(url)).status).toBe(200);
      await server.sql(`update "user" set two_factor_enabled = false where id = $1`, [otherId]);
    } finally {
      expect((await policy(false)).status).toBe(200);
    }
    expect((await poll(url)).status).toBe(200);
  });

  it('a body with unknown fields is a 400; no feed is made', async () => {
    const res = await researcher.post('/api/calendar/feed', { extra: 1 });
    expect([400, 403]).toContain(res.status);
    const bad = await patient.post('/api/calendar/feed', { extra: 'x\u0000' });
    expect(bad.status).toBe(400);
  });
});
