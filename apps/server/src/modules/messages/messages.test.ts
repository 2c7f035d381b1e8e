/**
 * Messaging and notifications through the real server: a patient and their care team, staff threads,
 * per-role access and IDOR (404, audited with the patient id), read receipts, unread counts,
 * notifications made in the message's transaction, the outbox notice without content for a patient
 * who is not online, bad input, and the realtime stream (ids only; resume with Last-Event-ID).
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

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
let other: ApiClient;
let otherUserId: string;
let ownRecord: string;
let otherRecord: string;
/** A patient with a portal account and no specialist. */
let orphan: ApiClient;

const userId = (email: string) => server.userId(email);

const count = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await server.sql(sql, params))[0]!)[0]);

const SECRET = 'Me duele la rodilla izquierda desde el martes';

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  for (const [email, name] of [
    ['otra@messages.test', 'Otra Paciente'],
    ['sola@messages.test', 'Sola Paciente'],
  ] as const)
    await createAccount(server, { role: 'user', email, name, password: DEMO_PASSWORD });
  otherUserId = await userId('otra@messages.test');
  other = await server.signIn('otra@messages.test');
  orphan = await server.signIn('sola@messages.test');
  const mk = async (name: string, email: string, specialist: string | null) =>
    (
      await as.specialist.post('/api/patients', {
        ...MINIMAL_PATIENT,
        name,
        email,
        assignedSpecialistId: specialist,
      })
    ).body.id as string;
  ownRecord = await mk('Pablo Mensajes', 'pablo@messages.test', ids.specialist);
  otherRecord = await mk('Otra Mensajes', 'otra@messages.test', ids.admin);
  const orphanRecord = await mk('Sola Mensajes', 'sola@messages.test', null);
  await server.sql('update patient set user_id = $1 where id = $2', [ids.user, ownRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [otherUserId, otherRecord]);
  await server.sql('update patient set user_id = $1 where id = $2', [
    await userId('sola@messages.test'),
    orphanRecord,
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function newPatientThread(subject = 'Dolor de rodilla', body = SECRET) {
  const res = await as.user.post('/api/messages/threads', { subject, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; messages: { id: string }[] };
}

describe('a patient and their care team', () => {
  it('the patient writes to their specialist; unread counts, receipts, notification, audit', async () => {
    const before = (await as.specialist.get('/api/messages/unread')).body;
    const thread = await newPatientThread();
    expect(thread).toMatchObject({
      kind: 'patient',
      subject: 'Dolor de rodilla',
      patient: null, // a patient is not shown their own name as "the patient"
      unread: 0,
    });
    expect(thread.messages).toHaveLength(1);
    const participants = (thread as unknown as { participants: { id: string }[] }).participants;
    expect(participants.map((p) => p.id).sort()).toEqual([ids.user, ids.specialist].sort());

    // the specialist: one more unread message and one more notification, the patient named
    const after = (await as.specialist.get('/api/messages/unread')).body;
    expect(after.messages).toBe(before.messages + 1);
    expect(after.notifications).toBe(before.notifications + 1);
    const list = await as.specialist.get('/api/messages/threads');
    const row = list.body.items.find((t: { id: string }) => t.id === thread.id);
    expect(row).toMatchObject({
      unread: 1,
      patient: { id: ownRecord, name: 'Pablo Mensajes' },
      lastAuthor: 'Pablo Paciente',
    });
    const notes = await as.specialist.get('/api/notifications?unread=true');
    const note = notes.body.items.find(
      (n: { link: string }) => n.link === `/messages?thread=${thread.id}`,
    );
    expect(note).toMatchObject({
      type: 'message',
      actor: 'Pablo Paciente',
      count: 1,
      readAt: null,
    });
    // the notification carries no content
    expect(JSON.stringify(notes.body)).not.toContain(SECRET);
    expect(JSON.stringify(notes.body)).not.toContain('Dolor de rodilla');

    // reading is audited with the patient id; it does not mark read
    const read = await as.specialist.get(`/api/messages/threads/${thread.id}`);
    expect(read.status).toBe(200);
    expect(read.body.messages[0]).toMatchObject({ body: SECRET, mine: false, readBy: [] });
    expect(
      await count(
        `select count(*) from audit_log where action = 'messages.thread.view' and record_id = $1 and patient_id = $2 and outcome = 'success'`,
        [thread.id, ownRecord],
      ),
    ).toBe(1);

    // marking read: a receipt (who, when) the patient sees; counts and notification cleared
    const marked = await as.specialist.post(`/api/messages/threads/${thread.id}/read`, {});
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual(before);
    const mine = await as.user.get(`/api/messages/threads/${thread.id}`);
    expect(mine.body.messages[0].mine).toBe(true);
    expect(mine.body.messages[0].readBy).toEqual([
      { userId: ids.specialist, name: 'Dra. Sofía Especialista', readAt: expect.any(String) },
    ]);
    expect(
      (await as.specialist.get('/api/notifications?unread=true')).body.items.some(
        (n: { link: string }) => n.link === `/messages?thread=${thread.id}`,
      ),
    ).toBe(false);
    // marking read again adds nothing
    await as.specialist.post(`/api/messages/threads/${thread.id}/read`, {});
    expect(
      await count('select count(*) from message_receipt where message_id = $1', [
        thread.messages[0]!.id,
      ]),
    ).toBe(1);
  });

  it('a second message counts the one unread notification up; a reply notifies the patient', async () => {
    const thread = await newPatientThread('Two messages');
    const again = await as.user.post(`/api/messages/threads/${thread.id}/messages`, {
      body: 'Y también me cuesta dormir.',
      urgent: true,
    });
    expect(again.status).toBe(201);
    expect(
      await count(
        `select count(*) from notification where recipient_id = $1 and ref_id = $2 and read_at is null`,
        [ids.specialist, thread.id],
      ),
    ).toBe(1);
    expect(
      (
        await server.sql<{ count: number }>(
          'select count from notification where recipient_id = $1 and ref_id = $2',
          [ids.specialist, thread.id],
        )
      )[0]!.count,
    ).toBe(2);
    const row = (await as.specialist.get('/api/messages/threads')).body.items.find(
      (t: { id: string }) => t.id === thread.id,
    );
    expect(row).toMatchObject({ unread: 2, urgentUnread: true });

    const reply = await as.specialist.post(`/api/messages/threads/${thread.id}/messages`, {
      body: 'Le llamo esta tarde.',
    });
    expect(reply.status).toBe(201);
    const patientNotes = await as.user.get('/api/notifications?unread=true');
    expect(
      patientNotes.body.items.some(
        (n: { link: string }) => n.link === `/messages?thread=${thread.id}`,
      ),
    ).toBe(true);
  });

  it('a patient who is not online gets one notice through the outbox, without the content', async () => {
    const thread = await newPatientThread('Notice', 'Primera pregunta');
    const notices = () =>
      server.sql<{ text: string; subject: string; patient_id: string; recipient: string }>(
        `select text, subject, patient_id, recipient from outbox_message
         where template = 'messages.new_message' and patient_id = $1 order by created_at`,
        [ownRecord],
      );
    const before = (await notices()).length;
    const secret = 'Resultado de la resonancia: protrusión L4-L5';
    await as.specialist.post(`/api/messages/threads/${thread.id}/messages`, { body: secret });
    const after = await notices();
    expect(after).toHaveLength(before + 1);
    const notice = after.at(-1)!;
    expect(notice.recipient).toBe('pablo@messages.test');
    expect(notice.patient_id).toBe(ownRecord);
    expect(notice.text).toContain('/messages');
    expect(notice.text + notice.subject).not.toContain(secret);
    expect(notice.text + notice.subject).not.toContain('Notice');
    expect(notice.text + notice.subject).not.toContain('Sofía');
    // still unread: a second message makes no second notice
    await as.specialist.post(`/api/messages/threads/${thread.id}/messages`, { body: 'Otra cosa' });
    expect(await notices()).toHaveLength(before + 1);
    // read, then a new message: a new notice
    await as.user.post(`/api/messages/threads/${thread.id}/read`, {});
    await as.specialist.post(`/api/messages/threads/${thread.id}/messages`, { body: 'Y otra' });
    expect(await notices()).toHaveLength(before + 2);

    // online (an open event stream): no notice
    await as.user.post(`/api/messages/threads/${thread.id}/read`, {});
    const stream = await openStream(as.user);
    try {
      await as.specialist.post(`/api/messages/threads/${thread.id}/messages`, { body: 'Online' });
      expect(await notices()).toHaveLength(before + 2);
    } finally {
      stream.close();
    }
  });

  it('a patient without a specialist is told they have no care team; nothing is written', async () => {
    const threads = await count('select count(*) from message_thread');
    const res = await orphan.post('/api/messages/threads', { subject: 'Hola', body: 'Hola' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'recipientIds', message: 'no_care_team' }),
    ]);
    expect(await count('select count(*) from message_thread')).toBe(threads);
  });

  it('recipients: a patient sees their care team; a clinician patients and colleagues', async () => {
    const mine = await as.user.get('/api/messages/recipients');
    expect(mine.body.items).toEqual([
      {
        id: ids.specialist,
        name: 'Dra. Sofía Especialista',
        kind: 'care_team',
        role: 'specialist',
      },
    ]);
    const staff = await as.specialist.get('/api/messages/recipients?q=Mensajes');
    expect(staff.body.items.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Pablo Mensajes', 'Otra Mensajes']),
    );
    const researcher = await as.researcher.get('/api/messages/recipients');
    expect(researcher.body.items.every((r: { kind: string }) => r.kind === 'colleague')).toBe(true);
    // quick replies: staff only, in the request's language
    expect((await as.user.get('/api/messages/quick-replies')).body.items).toEqual([]);
    const es = await server.signIn(DEMO.specialist);
    const quick = await es.request('GET', '/api/messages/quick-replies', {
      headers: { 'accept-language': 'es' },
    });
    expect(quick.body.items[0].text).toMatch(/Hemos recibido/);
  });
});

describe('access: participants only', () => {
  it('another patient, the researcher and a non-participant admin get 404, audited with the patient id', async () => {
    const thread = await newPatientThread('Private');
    for (const [client, who] of [
      [other, otherUserId],
      [as.researcher, ids.researcher],
      [as.admin, ids.admin],
    ] as const) {
      for (const [method, path, body] of [
        ['GET', `/api/messages/threads/${thread.id}`, undefined],
        ['POST', `/api/messages/threads/${thread.id}/messages`, { body: 'x' }],
        ['POST', `/api/messages/threads/${thread.id}/read`, {}],
      ] as const) {
        const res = await client.request(method, path, method === 'GET' ? {} : { json: body });
        expect(res.status, `${who} ${method} ${path}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(SECRET);
      }
      expect(
        await count(
          `select count(*) from audit_log where actor_user_id = $1 and record_id = $2 and patient_id = $3 and outcome = 'denied'`,
          [who, thread.id, ownRecord],
        ),
      ).toBe(3);
    }
    // nothing was written by them
    expect(await count('select count(*) from message where thread_id = $1', [thread.id])).toBe(1);
    // and their lists do not show it
    for (const client of [other, as.researcher, as.admin])
      expect(
        (await client.get('/api/messages/threads')).body.items.some(
          (t: { id: string }) => t.id === thread.id,
        ),
      ).toBe(false);
    // an unknown id and a malformed one: 404
    expect(
      (await as.user.get('/api/messages/threads/7d1f1a57-3f5e-4a0b-9a57-000000000000')).status,
    ).toBe(404);
    expect((await as.user.get('/api/messages/threads/not-a-uuid')).status).toBe(404);
    expect((await server.client().get('/api/messages/threads')).status).toBe(401);
  });

  it('a patient may not choose recipients (403, audited); a researcher may not start a patient thread', async () => {
    const threads = await count('select count(*) from message_thread');
    const a = await as.user.post('/api/messages/threads', {
      subject: 'x',
      body: 'x',
      recipientIds: [ids.admin],
    });
    expect(a.status).toBe(403);
    const b = await as.user.post('/api/messages/threads', {
      subject: 'x',
      body: 'x',
      patientId: otherRecord,
    });
    expect(b.status).toBe(403);
    const c = await as.researcher.post('/api/messages/threads', {
      subject: 'x',
      body: 'x',
      patientId: ownRecord,
    });
    expect(c.status).toBe(403);
    expect(
      await count(
        `select count(*) from audit_log where action = 'messages.thread.create' and outcome = 'denied' and actor_user_id = $1 and patient_id = $2`,
        [ids.researcher, ownRecord],
      ),
    ).toBe(1);
    expect(await count('select count(*) from message_thread')).toBe(threads);
  });

  it('staff threads: a clinician writes to colleagues, a researcher too; never to a patient account', async () => {
    const res = await as.specialist.post('/api/messages/threads', {
      subject: 'Guardia del sábado',
      body: '¿Puedes cubrir la guardia?',
      recipientIds: [ids.admin, ids.researcher],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'staff', patient: null });
    expect((await as.admin.get(`/api/messages/threads/${res.body.id}`)).status).toBe(200);
    expect((await as.user.get(`/api/messages/threads/${res.body.id}`)).status).toBe(404);
    const bad = await as.specialist.post('/api/messages/threads', {
      subject: 'x',
      body: 'x',
      recipientIds: [ids.user],
    });
    expect(bad.status).toBe(400);
    const researcher = await as.researcher.post('/api/messages/threads', {
      subject: 'Export',
      body: 'Ready?',
      recipientIds: [ids.specialist],
    });
    expect(researcher.status).toBe(201);
    // a clinician starts a thread with a patient: the patient and their specialist take part
    const withPatient = await as.admin.post('/api/messages/threads', {
      subject: 'Cita',
      body: 'Le cambiamos la cita al jueves.',
      patientId: otherRecord,
    });
    expect(withPatient.status).toBe(201);
    expect(withPatient.body.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [ids.admin, otherUserId].sort(),
    );
    expect((await other.get(`/api/messages/threads/${withPatient.body.id}`)).status).toBe(200);
  });
});

describe('concurrency', () => {
  it('ten replies at once are all kept, numbered in order, and counted unread once each', async () => {
    const thread = await newPatientThread('Concurrent');
    await as.specialist.post(`/api/messages/threads/${thread.id}/read`, {});
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        as.user.post(`/api/messages/threads/${thread.id}/messages`, { body: `m${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const row = (await as.specialist.get('/api/messages/threads')).body.items.find(
      (t: { id: string }) => t.id === thread.id,
    );
    expect(row.unread).toBe(10);
    const [last] = await server.sql<{ last_seq: string; max: string }>(
      'select t.last_seq::text, (select max(seq)::text from message where thread_id = t.id) as max from message_thread t where id = $1',
      [thread.id],
    );
    expect(last!.last_seq).toBe(last!.max);
    // reading while more arrive: nothing is lost from the count
    await Promise.all([
      as.specialist.post(`/api/messages/threads/${thread.id}/read`, {}),
      as.user.post(`/api/messages/threads/${thread.id}/messages`, { body: 'late' }),
    ]);
    const after = (await as.specialist.get(`/api/messages/threads/${thread.id}`)).body;
    expect(after.unread).toBeLessThanOrEqual(1);
    expect(after.messages).toHaveLength(12);
  });
});

describe('attachments', () => {
  const PDF = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(2000, 0x20),
    Buffer.from('%%EOF'),
  ]);
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  const upload = (client: ApiClient, threadId: string, name: string, type: string, body: Buffer) =>
    fetch(
      `${client.baseUrl}/api/messages/threads/${threadId}/attachments?name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: {
          origin: client.baseUrl,
          'content-type': type,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body,
      },
    );

  it('a PDF is sent and downloaded by participants only; types, names and sizes are checked', async () => {
    const thread = await newPatientThread('Informe');
    const sent = await upload(as.user, thread.id, 'informe resonancia.pdf', 'application/pdf', PDF);
    expect(sent.status).toBe(201);
    const body = (await sent.json()) as {
      messages: { attachment: { id: string; name: string; size: number } | null }[];
    };
    const attachment = body.messages.at(-1)!.attachment!;
    expect(attachment).toMatchObject({ name: 'informe resonancia.pdf', size: PDF.length });

    const download = await fetch(`${server.url}/api/messages/attachments/${attachment.id}`, {
      headers: { cookie: [...as.specialist.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(
      await count(
        `select count(*) from audit_log where action = 'messages.attachment.view' and patient_id = $1 and outcome = 'success'`,
        [ownRecord],
      ),
    ).toBe(1);

    // not a participant: 404, audited
    for (const client of [other, as.admin])
      expect((await client.get(`/api/messages/attachments/${attachment.id}`)).status).toBe(404);
    expect(
      await count(
        `select count(*) from audit_log where action = 'messages.attachment.view' and outcome = 'denied' and patient_id = $1`,
        [ownRecord],
      ),
    ).toBe(2);

    const before = await count('select count(*) from message_attachment');
    // declared PNG, bytes of a PDF; an executable; a name hiding another type; a wrong extension
    for (const [name, type, bytes, status] of [
      ['foto.png', 'image/png', PDF, 400],
      ['foto.png', 'image/png', Buffer.from('MZ\x90\x00 this is an exe'), 400],
      ['informe.exe.pdf', 'application/pdf', PDF, 400],
      ['informe.pdf.exe', 'application/pdf', PDF, 400],
      ['informe.png', 'application/pdf', PDF, 400],
      ['notas.txt', 'text/plain', Buffer.from('hola'), 415],
      ['grande.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 413],
    ] as const) {
      const res = await upload(as.user, thread.id, name, type, bytes as Buffer);
      expect(res.status, name).toBe(status);
    }
    // a PNG is fine; another patient cannot upload into the thread
    expect((await upload(as.user, thread.id, 'rodilla.png', 'image/png', PNG)).status).toBe(201);
    expect((await upload(other, thread.id, 'x.png', 'image/png', PNG)).status).toBe(404);
    expect(await count('select count(*) from message_attachment')).toBe(before + 1);
  });
});

describe('bad input changes nothing', () => {
  it('NUL, huge, empty, wrong types, unknown fields', async () => {
    const thread = await newPatientThread('Bad input');
    const messages = await count('select count(*) from message');
    const threads = await count('select count(*) from message_thread');
    for (const body of [
      { subject: 'a\u0000b', body: 'x' },
      { subject: 'x', body: 'a\u0000b' },
      { subject: 'x', body: 'x'.repeat(10_001) },
      { subject: 'x'.repeat(201), body: 'x' },
      { subject: '   ', body: 'x' },
      { subject: 'x', body: 42 },
      { subject: 'x', body: 'x', urgent: 'yes' },
      { subject: 'x', body: 'x', admin: true },
    ]) {
      const res = await as.user.post('/api/messages/threads', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    for (const body of [{ body: '' }, { body: 'x', extra: 1 }, { body: 'x'.repeat(10_001) }]) {
      const res = await as.user.post(`/api/messages/threads/${thread.id}/messages`, body);
      expect(res.status).toBe(400);
    }
    const huge = await as.user.post(`/api/messages/threads/${thread.id}/messages`, {
      body: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    const es = await server.signIn(DEMO.user);
    const translated = await es.request('POST', '/api/messages/threads', {
      json: { subject: '', body: 'x' },
      headers: { 'accept-language': 'es' },
    });
    expect(translated.body.error.message).toMatch(/no son válidos/);
    expect(
      (await as.user.post(`/api/messages/threads/${thread.id}/read`, { upTo: 'nope' })).status,
    ).toBe(400);
    expect(await count('select count(*) from message')).toBe(messages);
    expect(await count('select count(*) from message_thread')).toBe(threads);
  });
});

describe('notifications', () => {
  it('mark one read (only one’s own), mark all read', async () => {
    await newPatientThread('N1');
    await newPatientThread('N2');
    const list = await as.specialist.get('/api/notifications?unread=true');
    expect(list.body.items.length).toBeGreaterThanOrEqual(2);
    const [first] = list.body.items as { id: string }[];
    expect((await as.user.post(`/api/notifications/${first!.id}/read`)).status).toBe(404);
    expect((await as.specialist.post(`/api/notifications/${first!.id}/read`)).status).toBe(204);
    expect((await as.specialist.post('/api/notifications/not-an-id/read')).status).toBe(404);
    expect((await as.specialist.post('/api/notifications/read-all')).status).toBe(204);
    expect((await as.specialist.get('/api/messages/unread')).body.notifications).toBe(0);
    const page = await as.specialist.get('/api/notifications?limit=1');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toBeTruthy();
    const next = await as.specialist.get(
      `/api/notifications?limit=1&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.items[0].id).not.toBe(page.body.items[0].id);
    expect((await as.specialist.get('/api/notifications?cursor=garbage')).status).toBe(400);
  });

  it('a task assigned to someone else notifies them, in the task’s transaction', async () => {
    const res = await as.specialist.post('/api/tasks', {
      title: 'Revisar informe de resonancia',
      assignee: { kind: 'user', userId: ids.admin },
    });
    expect(res.status).toBe(201);
    const notes = await as.admin.get('/api/notifications?unread=true');
    expect(notes.body.items).toContainEqual(
      expect.objectContaining({
        type: 'task_assigned',
        link: '/tasks',
        actor: 'Dra. Sofía Especialista',
      }),
    );
    expect(JSON.stringify(notes.body)).not.toContain('resonancia');
    // assigning to oneself notifies nobody; a refused task notifies nobody
    const before = await count('select count(*) from notification where type = $1', [
      'task_assigned',
    ]);
    await as.specialist.post('/api/tasks', {
      title: 'Mine',
      assignee: { kind: 'user', userId: ids.specialist },
    });
    const refused = await as.specialist.post('/api/tasks', {
      title: 'Bad',
      assignee: { kind: 'user', userId: ids.researcher },
      patientId: ownRecord,
    });
    expect(refused.status).toBe(400);
    expect(
      await count('select count(*) from notification where type = $1', ['task_assigned']),
    ).toBe(before);
  });

  it('the notification is written in the message’s transaction: a failure rolls both back', async () => {
    const thread = await newPatientThread('Atomic');
    // a fault inside the transaction, after the message: the notification insert fails
    await server.sql(`create or replace function test_fail_notification() returns trigger as $$
      begin if new.ref_id = '${thread.id}' then raise exception 'injected'; end if; return new; end $$ language plpgsql`);
    await server.sql(
      'create trigger test_fail_notification before insert or update on notification for each row execute function test_fail_notification()',
    );
    try {
      const messages = await count('select count(*) from message where thread_id = $1', [
        thread.id,
      ]);
      const res = await as.user.post(`/api/messages/threads/${thread.id}/messages`, {
        body: 'This one fails',
      });
      expect(res.status).toBe(500);
      expect(await count('select count(*) from message where thread_id = $1', [thread.id])).toBe(
        messages,
      );
      expect(
        await count(`select count(*) from realtime_event where data->>'threadId' = $1`, [
          thread.id,
        ]),
      ).toBe(2); // only the first message's two events
    } finally {
      await server.sql('drop trigger test_fail_notification on notification');
      await server.sql('drop function test_fail_notification');
    }
  });
});

/** An open `/api/events` stream, read event by event. */
async function openStream(client: ApiClient, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${client.baseUrl}/api/events`, {
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { id?: string; event?: string; data?: string }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const ev: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const m = /^(\w+): ?(.*)$/.exec(line);
            if (m) ev[m[1]!] = m[2]!;
          }
          if (ev.event || ev.data) events.push(ev);
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (pred: (e: (typeof events)[number]) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = events.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no such event; got ${JSON.stringify(events)}`);
  };
  await waitFor((e) => e.event === 'ready');
  return {
    events,
    waitFor,
    close: () => {
      controller.abort();
      void pump;
    },
  };
}

describe('realtime stream', () => {
  it('delivers ids only, to participants only; a reconnect with Last-Event-ID gets what it missed', async () => {
    expect((await server.client().get('/api/events')).status).toBe(401);
    const specialist = await openStream(as.specialist);
    const outsider = await openStream(other);
    try {
      const thread = await newPatientThread('Live', 'Contenido secreto en vivo');
      const created = await specialist.waitFor(
        (e) => e.event === 'message.created' && e.data!.includes(thread.id),
      );
      expect(JSON.parse(created.data!)).toEqual({
        threadId: thread.id,
        messageId: thread.messages[0]!.id,
      });
      await specialist.waitFor((e) => e.event === 'notification.created');
      expect(JSON.stringify(specialist.events)).not.toContain('Contenido secreto');
      // the patient reads the receipt event after the specialist reads
      const patient = await openStream(as.user);
      await as.specialist.post(`/api/messages/threads/${thread.id}/read`, {});
      await patient.waitFor((e) => e.event === 'message.read' && e.data!.includes(thread.id));
      patient.close();
      // missed while disconnected: resumed from the last id seen
      const lastId = created.id!;
      await as.user.post(`/api/messages/threads/${thread.id}/messages`, { body: 'otra' });
      specialist.close();
      const resumed = await openStream(as.specialist, lastId);
      try {
        await resumed.waitFor((e) => e.event === 'message.created' && e.id !== lastId);
        expect(resumed.events.every((e) => !e.id || Number(e.id) > Number(lastId))).toBe(true);
      } finally {
        resumed.close();
      }
      expect(outsider.events.some((e) => e.data?.includes(thread.id))).toBe(false);
    } finally {
      specialist.close();
      outsider.close();
    }
  });
});
