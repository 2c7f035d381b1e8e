/**
 * The appointments waitlist through the real server (PGlite, and PostgreSQL with TEST_DB_KIND=postgres):
 * entries per role (staff any patient, a patient their own and only when the clinic lets patients
 * book or request, researchers nothing), a cancelled or moved visit offered to the first matching
 * entry (FIFO) with a link in the outbox, taking it (booked, entry closed), declining and lapsing
 * (the next entry is offered, once, also with lapse rounds racing), two takes at once (one booking),
 * a time taken meanwhile, and the link's errors (altered, used, expired).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { openStream } from '../../test/event-stream';
import { processLapsedWaitlistOffers } from './waitlist-offers.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const HOUR = 3_600_000;

const userId = (email: string) => server.userId(email);

/** A patient record with an e-mail, and (when `account`) a signed-in portal account linked to it. */
async function newPatient(tag: string, account = false) {
  const email = `${tag}@waitlist.test`;
  const res = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: `Paciente ${tag}`,
    email,
  });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  if (!account) return { id, email, client: null as unknown as ApiClient };
  await createAccount(server, {
    role: 'user',
    email,
    name: `Paciente ${tag}`,
    password: DEMO_PASSWORD,
  });
  await server.sql('update patient set user_id = $1 where id = $2', [await userId(email), id]);
  return { id, email, client: await server.signIn(email) };
}

/** A specialist of their own per test: their times never collide with another test's. */
let docSeq = 0;
async function newDoc() {
  const email = `doc${++docSeq}@waitlist.test`;
  await createAccount(server, {
    role: 'specialist',
    email,
    name: `Dra. Espera ${docSeq}`,
    password: DEMO_PASSWORD,
  });
  return userId(email);
}

const inHours = (h: number) => {
  const d = new Date(Date.now() + h * HOUR);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};

async function book(patientId: string, specialistId: string, startsAt: string) {
  const res = await as.specialist.post('/api/appointments', {
    patientId,
    specialistId,
    typeId: 'follow_up',
    startsAt,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
}

async function join(patientId: string, specialistId: string | null, extra: object = {}) {
  const res = await as.specialist.post('/api/appointments/waitlist', {
    patientId,
    specialistId,
    typeId: 'follow_up',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const cancel = (a: { id: string; version: number }) =>
  as.specialist.post(`/api/appointments/${a.id}/cancel`, { version: a.version, reason: 'Baja' });

const offersOf = (entryId: string) =>
  server.sql<{ id: string; status: string; starts_at: Date; token_hash: string }>(
    'select id, status, starts_at, token_hash from appointment_waitlist_offer where entry_id = $1 order by created_at',
    [entryId],
  );
const entryStatus = async (id: string) =>
  (
    await server.sql<{ status: string }>(
      'select status from appointment_waitlist_entry where id = $1',
      [id],
    )
  )[0]!.status;

/** The link token in the offer's e-mail to `email` (read from the outbox). */
async function tokenFor(email: string) {
  const rows = await server.sql<{ text: string; subject: string | null }>(
    "select text, subject from outbox_message where recipient = $1 and template = 'appointment.waitlist_offer' order by created_at desc limit 1",
    [email],
  );
  expect(rows).toHaveLength(1);
  // lock-screen previews show the subject: no date or time in it
  expect(rows[0]!.subject ?? '').not.toMatch(/\d/);
  return /\/cita\/lista-espera#([A-Za-z0-9_-]{43})/.exec(rows[0]!.text)![1]!;
}

const link = (path: 'view' | 'take' | 'decline', token: string) =>
  server.client().post(`/api/waitlist-offer-links/${path}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) as[role] = await server.signIn(DEMO[role]);
  await as.admin.patch('/api/appointments/settings', { patientBooking: 'request' });
}, 300_000);
afterAll(() => server?.close());

describe('waitlist entries', () => {
  it('staff add, list and remove; duplicates and bad input are refused and change nothing', async () => {
    const p = await newPatient('staff-crud');
    const doc = await newDoc();
    const res = await as.specialist.post('/api/appointments/waitlist', {
      patientId: p.id,
      specialistId: doc,
      typeId: 'follow_up',
      earliestDate: '2030-01-01',
      latestDate: '2030-02-01',
      timesOfDay: ['morning'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'waiting',
      specialist: { id: doc },
      timesOfDay: ['morning'],
    });
    const dup = await as.specialist.post('/api/appointments/waitlist', {
      patientId: p.id,
      specialistId: doc,
      typeId: 'follow_up',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('waitlist_duplicate');
    for (const bad of [
      {
        patientId: p.id,
        typeId: 'follow_up',
        earliestDate: '2030-02-02',
        latestDate: '2030-02-01',
      },
      { patientId: p.id, typeId: 'nope' },
      { patientId: p.id, typeId: 'follow_up', specialistId: 'not-a-doctor' },
      { patientId: p.id, typeId: 'follow_up', timesOfDay: ['night'] },
      { patientId: p.id, typeId: 'follow_up', extra: 1 },
      { patientId: 'x', typeId: 'follow_up' },
    ]) {
      const r = await as.specialist.post('/api/appointments/waitlist', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const list = await as.admin.get('/api/appointments/waitlist');
    expect(list.status).toBe(200);
    expect(
      list.body.items.filter((e: { patient: { id: string } }) => e.patient.id === p.id),
    ).toHaveLength(1);
    expect(
      (await server.sql('select 1 from appointment_waitlist_entry where patient_id = $1', [p.id]))
        .length,
    ).toBe(1);
    const audit = await server.sql<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'appointments.waitlist.add' and patient_id = $1",
      [p.id],
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(2); // the entry, and the refused duplicate
    expect((await as.specialist.delete(`/api/appointments/waitlist/${res.body.id}`)).status).toBe(
      204,
    );
    expect(await entryStatus(res.body.id)).toBe('removed');
    expect((await as.specialist.delete(`/api/appointments/waitlist/${res.body.id}`)).status).toBe(
      409,
    );
  });

  it('a patient sees and changes only their own; not when booking is view-only; researchers nothing', async () => {
    const me = await newPatient('own', true);
    const other = await newPatient('other', true);
    const theirs = await join(other.id, null);
    const mine = await me.client.post('/api/appointments/waitlist', { typeId: 'follow_up' });
    expect(mine.status).toBe(201);
    expect(mine.body.patient.id).toBe(me.id);
    // naming someone else, or a staff-only type
    expect(
      (
        await me.client.post('/api/appointments/waitlist', {
          patientId: other.id,
          typeId: 'psychology',
        })
      ).status,
    ).toBe(403);
    expect(
      (await me.client.post('/api/appointments/waitlist', { typeId: 'infiltration' })).status,
    ).toBe(400);
    const list = await me.client.get('/api/appointments/waitlist');
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([mine.body.id]);
    expect(list.body.canAdd).toBe(true);
    expect((await me.client.delete(`/api/appointments/waitlist/${theirs}`)).status).toBe(404);
    expect(await entryStatus(theirs)).toBe('waiting');
    const denied = await server.sql(
      "select 1 from audit_log where action = 'appointments.waitlist.remove' and outcome = 'denied' and patient_id = $1",
      [other.id],
    );
    expect(denied.length).toBe(1);
    expect((await as.researcher.get('/api/appointments/waitlist')).status).toBe(403);
    expect(
      (await as.researcher.post('/api/appointments/waitlist', { typeId: 'follow_up' })).status,
    ).toBe(403);
    await as.admin.patch('/api/appointments/settings', { patientBooking: 'view' });
    try {
      expect(
        (await me.client.post('/api/appointments/waitlist', { typeId: 'psychology' })).status,
      ).toBe(403);
      expect((await me.client.get('/api/appointments/waitlist')).body.canAdd).toBe(false);
    } finally {
      await as.admin.patch('/api/appointments/settings', { patientBooking: 'request' });
    }
    expect((await me.client.delete(`/api/appointments/waitlist/${mine.body.id}`)).status).toBe(204);
  });
});

describe('offers', () => {
  // FIFO is over the whole list: entries left by earlier tests (an "any specialist" one) would come first
  beforeEach(async () => {
    await server.sql(
      "update appointment_waitlist_entry set status = 'removed' where status in ('waiting', 'offered')",
    );
    await server.sql(
      "update appointment_waitlist_offer set status = 'withdrawn' where status = 'open'",
    );
  });

  it('a cancelled visit is offered to the first matching entry; its link books it and closes the entry', async () => {
    const doc = await newDoc();
    const holder = await newPatient('holder');
    const first = await newPatient('first');
    const second = await newPatient('second');
    const elsewhere = await newPatient('elsewhere');
    const startsAt = inHours(30);
    const visit = await book(holder.id, doc, startsAt);
    await join(elsewhere.id, await newDoc()); // another specialist: never matches
    const a = await join(first.id, doc);
    const b = await join(second.id, null);
    expect((await cancel(visit)).status).toBe(200);
    const [offer] = await offersOf(a);
    expect(offer).toMatchObject({ status: 'open' });
    expect(new Date(offer!.starts_at).toISOString()).toBe(startsAt);
    expect(await entryStatus(a)).toBe('offered');
    expect(await offersOf(b)).toHaveLength(0);
    const token = await tokenFor(first.email);
    expect(offer!.token_hash).not.toContain(token);
    // the link
    const view = await link('view', token);
    expect(view.status).toBe(200);
    expect(view.body.offer).toMatchObject({ startsAt, specialist: { id: doc } });
    const altered = await link('take', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(altered.status).toBe(404);
    expect(altered.body.error.code).toBe('waitlist_link_invalid');
    const taken = await link('take', token);
    expect(taken.status).toBe(200);
    expect(taken.body.outcome).toBe('booked');
    const booked = await server.sql<{ patient_id: string; status: string; starts_at: Date }>(
      'select patient_id, status, starts_at from appointment where id = $1',
      [taken.body.appointmentId],
    );
    expect(booked[0]).toMatchObject({ patient_id: first.id, status: 'confirmed' });
    expect(await entryStatus(a)).toBe('booked');
    const again = await link('take', token);
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('waitlist_link_used');
    const audit = await server.sql(
      "select 1 from audit_log where action = 'appointments.waitlist.link_take' and outcome = 'success' and patient_id = $1",
      [first.id],
    );
    expect(audit.length).toBe(1);
  });

  it('a lapsed offer goes to the next entry once, also with lapse rounds racing; its link has expired', async () => {
    const doc = await newDoc();
    const holder = await newPatient('lapse-holder');
    const first = await newPatient('lapse-first');
    const second = await newPatient('lapse-second');
    const visit = await book(holder.id, doc, inHours(40));
    const a = await join(first.id, doc);
    const b = await join(second.id, doc);
    await cancel(visit);
    const token = await tokenFor(first.email);
    await server.sql(
      "update appointment_waitlist_offer set expires_at = now() - interval '1 minute' where entry_id = $1",
      [a],
    );
    await Promise.all([1, 2, 3].map(() => processLapsedWaitlistOffers(server.deps)));
    expect((await offersOf(a)).map((o) => o.status)).toEqual(['lapsed']);
    expect(await entryStatus(a)).toBe('waiting');
    const next = await offersOf(b);
    expect(next.map((o) => o.status)).toEqual(['open']);
    const expired = await link('take', token);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('waitlist_link_expired');
    // the second declines: nobody else matches (the first was offered this time already)
    const declined = await link('decline', await tokenFor(second.email));
    expect(declined.body.outcome).toBe('declined');
    expect(await entryStatus(b)).toBe('waiting');
    expect(await offersOf(a)).toHaveLength(1);
  });

  it("an offer reaches the patient's, the specialist's and the administrators' open pages at once (appointment.changed), and so does its end", async () => {
    const doc = await newDoc();
    const docClient = await server.signIn(`doc${docSeq}@waitlist.test`);
    const desk = await openStream(await server.signIn(DEMO.admin));
    const holder = await newPatient('live-holder');
    const me = await newPatient('live-me', true);
    const other = await newPatient('live-other', true);
    const visit = await book(holder.id, doc, inHours(60));
    const entry = await join(me.id, doc);
    const mine = await openStream(me.client);
    const theirs = await openStream(docClient);
    const bystander = await openStream(other.client);
    try {
      await mine.waitFor('event: ready');
      await theirs.waitFor('event: ready');
      await bystander.waitFor('event: ready');
      await desk.waitFor('event: ready');
      expect((await cancel(visit)).status).toBe(200);
      const [offer] = await offersOf(entry);
      await mine.waitFor('event: appointment.changed');
      await theirs.waitFor('event: appointment.changed');
      const seen = mine.events().filter((e) => e.kind === 'appointment.changed');
      expect(seen.map((e) => e.data)).toEqual([{ offerId: offer!.id }]); // ids only
      // the patient declines on their page: both hear that it ended
      const declined = await me.client.post(
        `/api/appointments/waitlist/offers/${offer!.id}/decline`,
      );
      expect(declined.status).toBe(200);
      await expect
        .poll(() => mine.events().filter((e) => e.kind === 'appointment.changed').length)
        .toBe(2);
      await expect
        .poll(() => theirs.events().filter((e) => e.kind === 'appointment.changed').length)
        .toBe(2);
      // the administrators' waitlist (the whole clinic's) hears of both too
      await expect
        .poll(() => desk.events().filter((e) => e.kind === 'appointment.changed').length)
        .toBe(2);
      // another patient hears nothing of it
      expect(bystander.events().some((e) => e.kind === 'appointment.changed')).toBe(false);
    } finally {
      mine.close();
      theirs.close();
      bystander.close();
      desk.close();
    }
  });

  it('the patient takes the offer from their page; two takes at once book once', async () => {
    const doc = await newDoc();
    const holder = await newPatient('race-holder');
    const me = await newPatient('race-me', true);
    const visit = await book(holder.id, doc, inHours(50));
    const entry = await join(me.id, doc);
    await cancel(visit);
    const list = await me.client.get('/api/appointments/waitlist');
    const offer = list.body.items.find((e: { id: string }) => e.id === entry).offer;
    expect(offer).toBeTruthy();
    const token = await tokenFor(me.email);
    // someone else's patient cannot answer it
    const stranger = await newPatient('race-stranger', true);
    expect(
      (await stranger.client.post(`/api/appointments/waitlist/offers/${offer.id}/take`)).status,
    ).toBe(404);
    // a researcher is refused by the guard, and the refusal is audited with the offer's patient
    expect(
      (await as.researcher.post(`/api/appointments/waitlist/offers/${offer.id}/take`)).status,
    ).toBe(403);
    const [refusal] = await server.sql<{ patient_id: string | null }>(
      `select patient_id from audit_log where action = 'access.denied' and actor_user_id = $1
       and details->>'route' like '%/offers/:id/take' order by occurred_at desc limit 1`,
      [await server.userId(DEMO.researcher)],
    );
    expect(refusal?.patient_id).toBe(me.id);
    const results = await Promise.all([
      me.client.post(`/api/appointments/waitlist/offers/${offer.id}/take`),
      link('take', token),
      me.client.post(`/api/appointments/waitlist/offers/${offer.id}/take`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410]);
    const booked = await server.sql(
      "select 1 from appointment where patient_id = $1 and status <> 'cancelled'",
      [me.id],
    );
    expect(booked).toHaveLength(1);
  });

  it('a time taken meanwhile: a clear 409, the patient stays on the list; a moved visit frees its time', async () => {
    const doc = await newDoc();
    const holder = await newPatient('gone-holder');
    const me = await newPatient('gone-me');
    const startsAt = inHours(60);
    const visit = await book(holder.id, doc, startsAt);
    const entry = await join(me.id, doc);
    await cancel(visit);
    const token = await tokenFor(me.email);
    await book(holder.id, doc, startsAt); // the desk gives the time to someone else
    const res = await link('take', token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('waitlist_slot_gone');
    expect(res.body.error.message).toMatch(/taken|ocupado/);
    expect(await entryStatus(entry)).toBe('waiting');
    expect((await offersOf(entry)).map((o) => o.status)).toEqual(['withdrawn']);
    // moving a visit away offers the time it left
    const moved = await book(holder.id, doc, inHours(70));
    const r = await as.specialist.patch(`/api/appointments/${moved.id}`, {
      version: moved.version,
      startsAt: inHours(75),
    });
    expect(r.status).toBe(200);
    expect((await offersOf(entry)).map((o) => o.status)).toEqual(['withdrawn', 'open']);
  });
});
