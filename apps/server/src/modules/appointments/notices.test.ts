/**
 * Appointment notices through the real server (ADR 0030): a booking, a move and a cancellation (by
 * staff, by the patient signed in, by the patient through a reminder's cancel link) tell the
 * patient (when their record has an account) and the specialist, never the person who made the
 * change; in-app, live on the event stream, and by a minimal e-mail through the outbox when they
 * would not see it in the app; preferences turned off mean nothing; a researcher is never told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@painlab/shared/permissions';
import { openStream } from '../../test/event-stream';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { setPreference, waitOffline } from '../../test/notices';
import { queueDueReminders } from './reminders.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
/** Specialists of this file (one per test: their times never collide), signed in. */
const docs: { id: string; client: ApiClient }[] = [];
/** The demo patient's record (linked to the demo `user` account, with an e-mail) and one without. */
let withAccount: string;
let withoutAccount: string;
const HOUR = 3_600_000;

const userId = (email: string) => server.userId(email);

beforeAll(async () => {
  server = await startTestServer({ REMINDER_POLL_MS: '3600000' });
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  for (let i = 0; i < 8; i++) {
    const email = `doc${i}@notices.test`;
    await createAccount(server, {
      role: 'specialist',
      email,
      name: `Dra. Aviso ${i}`,
      password: DEMO_PASSWORD,
    });
    docs.push({ id: await userId(email), client: await server.signIn(email) });
  }
  const a = await as.admin.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Paula Avisada',
    email: 'paula@notices.test',
  });
  const b = await as.admin.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Sin Cuenta' });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  withAccount = a.body.id;
  withoutAccount = b.body.id;
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, withAccount]);
});
afterAll(() => server?.close());

/** The clinic's day (Europe/Madrid) of an instant, as the agenda's `date`. */
const madridDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));

let slot = 0;
async function book(doc: number, overrides: Record<string, unknown> = {}, client = as.admin) {
  const startsAt = new Date(Date.UTC(2031, 2, 3, 8) + ++slot * 3 * HOUR).toISOString();
  const res = await client.post('/api/appointments', {
    patientId: withAccount,
    specialistId: docs[doc]!.id,
    typeId: 'follow_up',
    startsAt,
    notes: 'dato clínico: hernia L5',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number; startsAt: string };
}

const notices = (appointmentId: string) =>
  server.sql<{
    id: string;
    recipient_id: string;
    type: string;
    link: string;
    actor_id: string | null;
  }>(
    'select id, recipient_id, type, link, actor_id from notification where ref_id = $1 order by recipient_id, type',
    [appointmentId],
  );
const noticeOf = async (appointmentId: string, recipient: string, type: string) =>
  (await notices(appointmentId)).find((n) => n.recipient_id === recipient && n.type === type);

const mails = (appointmentId: string) =>
  server.sql<{ recipient: string; subject: string; text: string; language: string | null }>(
    `select recipient, subject, text, language from outbox_message
     where template = 'appointment.notice' and dedupe_key like $1 order by created_at`,
    [`%:${appointmentId}:%`],
  );

describe('an appointment booked', () => {
  it('by staff: the patient (live, in-app) and the specialist (in-app and e-mail) hear of it, the booker does not', async () => {
    const live = await openStream(as.user);
    const a = await book(0);
    const patientNote = await noticeOf(a.id, ids.user, 'appointment_booked');
    expect(patientNote).toMatchObject({ link: '/appointments-page', actor_id: ids.admin });
    await live.waitFor(`"notificationId":"${patientNote!.id}"`);
    expect(live.text()).not.toContain('hernia');
    const list = (await as.user.get('/api/notifications?unread=true')).body;
    expect(
      list.items.find((n: { type: string; link: string }) => n.type === 'appointment_booked'),
    ).toMatchObject({ link: '/appointments-page', actor: expect.any(String) });
    // the specialist's link opens the agenda on the appointment's day (Madrid) with them in it
    expect(await noticeOf(a.id, docs[0]!.id, 'appointment_booked')).toMatchObject({
      link: `/appointments?date=2031-03-03&s=${docs[0]!.id}`,
    });
    // the admin who booked it: nothing
    expect((await notices(a.id)).map((n) => n.recipient_id).sort()).toEqual(
      [ids.user, docs[0]!.id].sort(),
    );
    // e-mail: the specialist was not online; the patient was (no second notice outside the app)
    const sent = await mails(a.id);
    expect(sent.map((m) => m.recipient)).toEqual(['doc0@notices.test']);
    expect(sent[0]!.text).toContain(`/appointments?date=2031-03-03`);
    expect(sent[0]!.text).not.toContain('hernia');
    expect(sent[0]!.text).not.toContain('Paula');
    live.close();
  });

  it('by the specialist themselves: only the patient; a patient without an account: only the specialist', async () => {
    await waitOffline(server, ids.user);
    const own = await book(1, {}, docs[1]!.client);
    expect((await notices(own.id)).map((n) => n.recipient_id)).toEqual([ids.user]);
    const [mail] = await mails(own.id);
    expect(mail).toMatchObject({ recipient: DEMO.user });
    expect(mail!.subject).toMatch(/nueva cita|new appointment/);
    expect(mail!.text).toContain('/appointments-page');
    expect(mail!.text).not.toContain('hernia');
    const noAccount = await book(1, { patientId: withoutAccount });
    expect((await notices(noAccount.id)).map((n) => n.recipient_id)).toEqual([docs[1]!.id]);
    expect((await mails(noAccount.id)).map((m) => m.recipient)).toEqual(['doc1@notices.test']);
  });

  it('in the recipient’s language when known, both languages when not', async () => {
    const es = await openStream(docs[2]!.client, {
      headers: {
        cookie:
          [...docs[2]!.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') +
          '; painlab_lang=es',
      },
    });
    es.close();
    await waitOffline(server, docs[2]!.id);
    const a = await book(2, { patientId: withoutAccount });
    const [mail] = await mails(a.id);
    expect(mail).toMatchObject({ language: 'es' });
    expect(mail!.subject).toContain('nueva cita');
    expect(mail!.text).not.toContain('new appointment');
  });
});

describe('an appointment moved or cancelled', () => {
  it('moved by staff: both hear of it; a move to another specialist tells the former one too', async () => {
    const a = await book(3);
    const startsAt = new Date(Date.parse(a.startsAt) + 24 * HOUR).toISOString();
    const moved = await as.admin.patch(`/api/appointments/${a.id}`, {
      startsAt,
      version: a.version,
      specialistId: docs[4]!.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const got = (await notices(a.id)).filter((n) => n.type === 'appointment_moved');
    expect(got.map((n) => n.recipient_id).sort()).toEqual(
      [ids.user, docs[3]!.id, docs[4]!.id].sort(),
    );
    expect(got.find((n) => n.recipient_id === docs[4]!.id)!.link).toBe(
      `/appointments?date=${madridDay(startsAt)}&s=${docs[4]!.id}`,
    );
    const movedMails = (await mails(a.id)).filter((m) => /moved|cambiado|movido/.test(m.text));
    expect(movedMails.length).toBeGreaterThan(0);
    for (const m of movedMails) expect(m.text).not.toContain('hernia');
  });

  it('cancelled by staff tells both; cancelled by the patient tells only the specialist', async () => {
    const a = await book(5);
    const res = await as.admin.post(`/api/appointments/${a.id}/cancel`, {
      reason: 'La especialista está de baja',
      version: a.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      (await notices(a.id))
        .filter((n) => n.type === 'appointment_cancelled')
        .map((n) => n.recipient_id)
        .sort(),
    ).toEqual([ids.user, docs[5]!.id].sort());
    for (const m of await mails(a.id)) expect(m.text).not.toContain('baja');

    const b = await book(5, { startsAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString() });
    const own = await as.user.post(`/api/appointments/${b.id}/cancel`, {
      reason: 'No puedo ir',
      version: b.version,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const cancelled = (await notices(b.id)).filter((n) => n.type === 'appointment_cancelled');
    expect(cancelled).toEqual([
      expect.objectContaining({ recipient_id: docs[5]!.id, actor_id: ids.user }),
    ]);
  });

  it('cancelled through a reminder’s link: the specialist hears of it (the patient named), the patient does not', async () => {
    const startsAt = new Date(Date.now() + 20 * HOUR + 5 * 60_000);
    startsAt.setUTCSeconds(0, 0);
    const a = await book(6, { startsAt: startsAt.toISOString() });
    await queueDueReminders(server.deps);
    const [reminder] = await server.sql<{ text: string }>(
      `select m.text from appointment_reminder r join outbox_message m on m.id = r.outbox_message_id
       where r.appointment_id = $1`,
      [a.id],
    );
    const token = /\/cita\/anular#([A-Za-z0-9_-]{43})/.exec(reminder!.text)![1]!;
    const res = await server.client().post('/api/appointment-links/cancel', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cancelled = (await notices(a.id)).filter((n) => n.type === 'appointment_cancelled');
    expect(cancelled).toEqual([
      expect.objectContaining({ recipient_id: docs[6]!.id, actor_id: ids.user }),
    ]);
  });
});

describe('who is never told', () => {
  it('preferences off (in-app and e-mail): nothing at all; in-app off alone: the e-mail only', async () => {
    await setPreference(as.user, 'appointment', { inApp: false, email: false });
    const a = await book(7);
    expect((await notices(a.id)).map((n) => n.recipient_id)).toEqual([docs[7]!.id]);
    expect((await mails(a.id)).map((m) => m.recipient)).toEqual(['doc7@notices.test']);
    await setPreference(as.user, 'appointment', { inApp: false });
    const b = await book(7);
    expect((await notices(b.id)).map((n) => n.recipient_id)).toEqual([docs[7]!.id]);
    expect((await mails(b.id)).map((m) => m.recipient).sort()).toEqual(
      [DEMO.user, 'doc7@notices.test'].sort(),
    );
    await setPreference(as.user, 'appointment', {});
  });

  it('a researcher (an account whose role changed since the booking) is never told', async () => {
    const a = await book(7, { patientId: withoutAccount });
    await server.sql(`update "user" set role = 'researcher' where id = $1`, [docs[7]!.id]);
    try {
      const res = await as.admin.post(`/api/appointments/${a.id}/cancel`, {
        reason: 'Prueba',
        version: a.version,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await notices(a.id)).filter((n) => n.type === 'appointment_cancelled')).toEqual([]);
      expect((await mails(a.id)).filter((m) => /cancel/i.test(m.subject))).toEqual([]);
      const researcherNotices = await server.sql(
        'select 1 from notification where recipient_id = $1',
        [ids.researcher],
      );
      expect(researcherNotices).toEqual([]);
    } finally {
      await server.sql(`update "user" set role = 'specialist' where id = $1`, [docs[7]!.id]);
    }
  });
});
