/**
 * Secure messaging (issue 12, ADR 0018): threads between a patient and their care team or between
 * staff; messages, read receipts, unread counts; quick replies for staff. Each new message notifies
 * the other participants in-app (notifications service) and on their open pages (realtime), in the
 * message's transaction; a patient who is not online also gets a notice through the outbox, without
 * the message's content. Rules and audit rows: messages.policy.ts.
 */
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MESSAGE_LIMITS,
  type AttachmentType,
  QUICK_REPLIES,
  type CreateThreadParsed,
  type QuickReply,
  type Recipient,
  type Thread,
  type ThreadList,
  type Unread,
} from '@painlab/shared/messages';
import type { Lang } from '@painlab/shared/errors';
import { appendAudit, appendAuditMany, type Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import { publishEvents } from '../../realtime/events';
import {
  channelsFor,
  notify,
  readNotificationsOf,
  unreadNotifications,
} from '../notifications/notifications.service';
import { messagingContact, type MessagingContact } from '../patients/patients.service';
import { toMessage, toSummary } from './messages.mapping';
import {
  auditingRefusals,
  event,
  isClinician,
  isStaffRole,
  refuse,
  type ThreadRef,
  type Viewer,
} from './messages.policy';
import {
  addParticipants,
  attachmentContent,
  countUnreadMessages,
  findAccount,
  findAccounts,
  findAttachment,
  findMessageSeq,
  findThread,
  insertAttachment,
  insertMessage,
  insertThread,
  listMessages,
  listThreadsOf,
  markThreadRead,
  participantsOf,
  patientsWithAccounts,
  receiptsOf,
  staffAccounts,
  type ThreadRow,
} from './threads.repository';
import { isUuid } from '../../lib/uuid';

export type { Viewer } from './messages.policy';

/** Ids are UUIDs; anything else names no thread. */
export function threadId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

const ref = (t: { id: string; patientId: string | null }): ThreadRef => ({
  id: t.id,
  patientId: t.patientId,
});

/** The thread and its participants if `viewer` takes part in it; otherwise a 404, audited. */
async function participantThread(
  deps: Deps,
  viewer: Viewer,
  id: string,
  attempted: string,
): Promise<{ thread: ThreadRow; participants: Awaited<ReturnType<typeof participantsOf>> }> {
  const thread = await findThread(deps.database.db, id);
  if (!thread) {
    await refuse(deps, viewer, attempted, { id, patientId: null }, 'no_such_thread', 'not_found');
    throw DomainError.notFound();
  }
  const participants = await participantsOf(deps.database.db, [id]);
  if (!participants.some((p) => p.userId === viewer.userId))
    await refuse(deps, viewer, attempted, ref(thread), 'not_a_participant', 'not_found');
  return { thread, participants };
}

/**
 * After a message is written in `tx`: the others are notified in-app and on their open pages, and
 * a patient who is not online (and had nothing unread in the thread) gets a notice by e-mail or SMS
 * through the outbox, without the message. Returns the users to wake after the commit.
 */
async function announce(
  deps: Deps,
  tx: Tx,
  viewer: Viewer,
  thread: { id: string; patientId: string | null },
  msg: { id: string; previousSeq: number },
  participants: { userId: string; role: string; lastReadSeq: number }[],
  contact: MessagingContact | null,
): Promise<string[]> {
  const others = participants.filter((p) => p.userId !== viewer.userId);
  const wake = new Set<string>([viewer.userId]);
  await publishEvents(
    tx,
    [viewer.userId, ...others.map((p) => p.userId)].map((userId) => ({
      userId,
      kind: 'message.created' as const,
      data: { threadId: thread.id, messageId: msg.id },
    })),
  );
  for (const p of others) {
    wake.add(
      await notify(tx, {
        recipientId: p.userId,
        type: 'message',
        refId: thread.id,
        link: `/messages?thread=${thread.id}`,
        actorId: viewer.userId,
      }),
    );
  }
  if (thread.patientId) {
    const patientAccount = others.find((p) => p.role === 'user');
    // one notice per unread stretch: none while an earlier message of the thread is still unread
    if (patientAccount && patientAccount.lastReadSeq >= msg.previousSeq) {
      if (!(await deps.realtime.isOnline(tx, patientAccount.userId))) {
        const account = await findAccount(tx, patientAccount.userId);
        // the patient's choice in /settings: e-mail if allowed and known, otherwise SMS if allowed
        const allowed = await channelsFor(tx, patientAccount.userId, 'message');
        const email = allowed.email ? (contact?.email ?? account?.email ?? null) : null;
        const phone = allowed.sms ? (contact?.phone ?? null) : null;
        const params = { clinic: deps.env.CLINIC_NAME, link: `${baseUrlOf(deps.env)}/messages` };
        const common = {
          language: null,
          template: 'messages.new_message' as const,
          params,
          patientId: thread.patientId,
          dedupeKey: `message-notice:${msg.id}`,
        };
        if (email) await enqueue(tx, { ...common, channel: 'email', to: email });
        else if (phone) await enqueue(tx, { ...common, channel: 'sms', to: phone });
        await appendAudit(
          tx,
          event(viewer, 'messages.notice', ref(thread), {
            channel: email ? 'email' : phone ? 'sms' : 'none',
          }),
        );
      }
    }
  }
  return [...wake];
}

export async function createThread(
  deps: Deps,
  viewer: Viewer,
  input: CreateThreadParsed,
): Promise<Thread> {
  const db = deps.database.db;
  let kind: 'patient' | 'staff';
  let patientId: string | null = null;
  let members: string[];
  let contact: MessagingContact | null = null;
  if (viewer.role === 'user') {
    contact = await messagingContact(deps, { userId: viewer.userId });
    if (input.patientId || input.recipientIds)
      await refuse(
        deps,
        viewer,
        'messages.thread.create',
        { id: null, patientId: contact?.id ?? null },
        'patient_chose_recipients',
        { action: 'create', resource: 'recipients' },
      );
    if (!contact?.specialistId)
      return auditingRefusals(
        deps,
        viewer,
        'messages.thread.create',
        { id: null, patientId: contact?.id ?? null },
        () =>
          Promise.reject(DomainError.invalidField('recipientIds', 'invalid_value', 'no_care_team')),
      );
    kind = 'patient';
    patientId = contact.id;
    members = [viewer.userId, contact.specialistId];
  } else if (input.patientId) {
    const pid = isUuid(input.patientId) ? input.patientId.toLowerCase() : null;
    if (!isClinician(viewer))
      await refuse(
        deps,
        viewer,
        'messages.thread.create',
        { id: null, patientId: pid },
        'deidentified_role',
        {
          action: 'create',
          resource: 'a thread with a patient',
        },
      );
    contact = pid ? await messagingContact(deps, { patientId: pid }) : null;
    if (!contact?.userId)
      return auditingRefusals(
        deps,
        viewer,
        'messages.thread.create',
        { id: null, patientId: pid },
        () =>
          Promise.reject(
            DomainError.invalidField(
              'patientId',
              'invalid_value',
              contact ? 'no_portal_account' : 'invalid_choice',
            ),
          ),
      );
    kind = 'patient';
    patientId = contact.id;
    members = [
      ...new Set([
        viewer.userId,
        contact.userId,
        ...(contact.specialistId ? [contact.specialistId] : []),
      ]),
    ];
  } else {
    const ids = [...new Set(input.recipientIds ?? [])].filter((id) => id !== viewer.userId);
    if (!ids.length) throw DomainError.invalidField('recipientIds', 'invalid_value', 'required');
    const accounts = await findAccounts(db, ids);
    if (accounts.length !== ids.length || accounts.some((a) => a.banned || !isStaffRole(a.role)))
      throw DomainError.invalidField('recipientIds', 'invalid_value', 'invalid_choice');
    kind = 'staff';
    members = [viewer.userId, ...ids];
  }
  const created = await db.transaction(async (tx) => {
    const id = await insertThread(tx, {
      kind,
      subject: input.subject,
      patientId,
      createdBy: viewer.userId,
    });
    await addParticipants(tx, id, members);
    const msg = await insertMessage(tx, {
      threadId: id,
      authorId: viewer.userId,
      body: input.body,
      urgent: input.urgent,
    });
    const participants = await participantsOf(tx, [id]);
    await appendAudit(
      tx,
      event(viewer, 'messages.thread.create', { id, patientId }, { urgent: input.urgent }),
    );
    const wake = await announce(deps, tx, viewer, { id, patientId }, msg, participants, contact);
    return { id, wake };
  });
  deps.realtime.wake(created.wake);
  deps.outbox.wake();
  return readThread(deps, viewer, created.id, false);
}

export async function postMessage(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: { body: string; urgent: boolean },
): Promise<Thread> {
  const { thread } = await participantThread(deps, viewer, id, 'messages.post');
  // read before the transaction (PGlite has one connection: no other query may run inside it)
  const contact = thread.patientId
    ? await messagingContact(deps, { patientId: thread.patientId })
    : null;
  const done = await auditingRefusals(deps, viewer, 'messages.post', ref(thread), () =>
    deps.database.db.transaction(async (tx) => {
      // the patient's care team now: a specialist assigned since the thread began joins it
      if (viewer.role === 'user' && contact?.specialistId)
        await addParticipants(tx, id, [contact.specialistId]);
      const msg = await insertMessage(tx, { threadId: id, authorId: viewer.userId, ...input });
      const participants = await participantsOf(tx, [id]);
      await appendAudit(tx, event(viewer, 'messages.post', ref(thread), { urgent: input.urgent }));
      return announce(
        deps,
        tx,
        viewer,
        { id, patientId: thread.patientId },
        msg,
        participants,
        contact,
      );
    }),
  );
  deps.realtime.wake(done);
  deps.outbox.wake();
  return readThread(deps, viewer, id, false);
}

/** What a file's first bytes say it is (only the types a message may carry). */
export function sniffType(bytes: Uint8Array): AttachmentType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/**
 * A file name as it will be kept and offered: its last path part, no control or reserved characters;
 * refused when its extension does not match the type, or when an earlier part looks like another
 * type ("informe.pdf.exe", "foto.exe.jpg").
 */
export function safeFileName(name: string, type: AttachmentType): string | null {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[<>:"|?*]/g, '').trim();
  const parts = base.toLowerCase().split('.');
  if (parts.length < 2 || !parts[0]) return null;
  if (!EXTENSIONS[type].includes(parts.at(-1)!)) return null;
  if (
    parts
      .slice(1, -1)
      .some((p) => /^[a-z0-9]{2,4}$/.test(p) && !['pdf', 'png', 'jpg', 'jpeg'].includes(p))
  )
    return null;
  return base;
}

/**
 * A message carrying a file, in a thread the viewer takes part in: the declared type must be what
 * the bytes are, the name must fit the type. Audited with the patient id, like any message.
 */
export async function postAttachment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  file: { declaredType: string; name: string; bytes: Uint8Array; urgent: boolean },
): Promise<Thread> {
  const { thread } = await participantThread(deps, viewer, id, 'messages.attach');
  const sniffed = sniffType(file.bytes);
  const type = (ATTACHMENT_TYPES as readonly string[]).includes(file.declaredType)
    ? (file.declaredType as AttachmentType)
    : null;
  const fail = (message: string) =>
    auditingRefusals(deps, viewer, 'messages.attach', ref(thread), () =>
      Promise.reject(DomainError.invalidField('file', 'invalid_value', message)),
    );
  if (!file.bytes.length) return fail('required');
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) return fail('too_large');
  if (!type || sniffed !== type) return fail('file_type_mismatch');
  const name = safeFileName(file.name, type);
  if (!name) return fail('file_name_refused');
  const contact = thread.patientId
    ? await messagingContact(deps, { patientId: thread.patientId })
    : null;
  const done = await auditingRefusals(deps, viewer, 'messages.attach', ref(thread), () =>
    deps.database.db.transaction(async (tx) => {
      const msg = await insertMessage(tx, {
        threadId: id,
        authorId: viewer.userId,
        body: name,
        urgent: file.urgent,
      });
      await insertAttachment(tx, {
        messageId: msg.id,
        threadId: id,
        fileName: name,
        contentType: type,
        size: file.bytes.length,
        content: Buffer.from(file.bytes),
      });
      const participants = await participantsOf(tx, [id]);
      await appendAudit(
        tx,
        event(viewer, 'messages.attach', ref(thread), { type, size: file.bytes.length }),
      );
      return announce(
        deps,
        tx,
        viewer,
        { id, patientId: thread.patientId },
        msg,
        participants,
        contact,
      );
    }),
  );
  deps.realtime.wake(done);
  deps.outbox.wake();
  return readThread(deps, viewer, id, false);
}

/** An attachment's bytes, for a participant of its thread only (404 otherwise), audited. */
export async function readAttachment(
  deps: Deps,
  viewer: Viewer,
  attachmentId: string,
): Promise<{ name: string; contentType: string; content: Buffer }> {
  if (!isUuid(attachmentId)) throw DomainError.notFound();
  const meta = await findAttachment(deps.database.db, attachmentId.toLowerCase());
  if (!meta) throw DomainError.notFound();
  const { thread } = await participantThread(
    deps,
    viewer,
    meta.threadId,
    'messages.attachment.view',
  );
  return deps.database.db.transaction(async (tx) => {
    const content = await attachmentContent(tx, meta.id);
    if (!content) throw DomainError.notFound();
    await appendAudit(
      tx,
      event(viewer, 'messages.attachment.view', ref(thread), { attachment: meta.id }),
    );
    return { name: meta.fileName, contentType: meta.contentType, content };
  });
}

/** The thread with its newest messages and their receipts; the read and its audit row together. */
export async function readThread(
  deps: Deps,
  viewer: Viewer,
  id: string,
  audit = true,
): Promise<Thread> {
  const { thread } = await participantThread(deps, viewer, id, 'messages.thread.view');
  return deps.database.db.transaction(async (tx) => {
    const participants = await participantsOf(tx, [id]);
    const me = participants.find((p) => p.userId === viewer.userId)!;
    const messages = await listMessages(tx, id, MESSAGE_LIMITS.threadMessages);
    const receipts = await receiptsOf(
      tx,
      messages.map((m) => m.id),
    );
    if (audit) await appendAudit(tx, event(viewer, 'messages.thread.view', ref(thread)));
    const unread = messages.filter((m) => m.seq > me.lastReadSeq && m.authorId !== viewer.userId);
    const summary = toSummary(
      {
        ...thread,
        unread: unread.length,
        urgentUnread: unread.some((m) => m.urgent),
        lastAuthor: messages.at(-1)?.authorName ?? null,
      },
      participants,
      isClinician(viewer),
    );
    return { ...summary, messages: messages.map((m) => toMessage(m, viewer.userId, receipts)) };
  });
}

/**
 * Marks the thread read by the viewer (up to a message, or all): read receipts for the others, the
 * thread's notifications read, and an event to every participant (their pages show "seen by").
 */
export async function markRead(
  deps: Deps,
  viewer: Viewer,
  id: string,
  upTo: string | undefined,
): Promise<Unread> {
  const { thread, participants } = await participantThread(deps, viewer, id, 'messages.read');
  let upToSeq: number | null = null;
  if (upTo !== undefined) {
    upToSeq = isUuid(upTo) ? await findMessageSeq(deps.database.db, id, upTo.toLowerCase()) : null;
    if (upToSeq === null) throw DomainError.invalidField('upTo', 'invalid_value', 'invalid_choice');
  }
  const wake = await deps.database.db.transaction(async (tx) => {
    const newly = await markThreadRead(tx, id, viewer.userId, upToSeq);
    const notificationsRead = await readNotificationsOf(tx, viewer.userId, 'message', id);
    if (!newly) return notificationsRead ? [viewer.userId] : [];
    await appendAudit(tx, event(viewer, 'messages.read', ref(thread), { messages: newly }));
    const users = participants.map((p) => p.userId);
    await publishEvents(
      tx,
      users.map((userId) => ({ userId, kind: 'message.read' as const, data: { threadId: id } })),
    );
    return users;
  });
  deps.realtime.wake(wake);
  return unread(deps, viewer);
}

export async function unread(deps: Deps, viewer: Viewer): Promise<Unread> {
  const [messages, notifications] = await Promise.all([
    countUnreadMessages(deps.database.db, viewer.userId),
    unreadNotifications(deps, viewer.userId),
  ]);
  return { messages, notifications };
}

const encode = (at: string, id: string) =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decode(cursor: string): { at: string; id: string } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      typeof v[1] === 'string' &&
      isUuid(v[1])
    )
      return { at: v[0], id: v[1] };
  } catch {
    // not a cursor of this list
  }
  throw DomainError.invalidField('cursor', 'invalid_value', 'invalid_cursor');
}

/**
 * The viewer's threads, newest first. Subjects are patient data: one audit row per patient thread
 * listed, in the read's transaction.
 */
export async function listThreads(
  deps: Deps,
  viewer: Viewer,
  query: { cursor?: string; limit: number },
): Promise<ThreadList> {
  const after = query.cursor ? decode(query.cursor) : null;
  return deps.database.db.transaction(async (tx) => {
    const rows = await listThreadsOf(tx, viewer.userId, after, query.limit);
    const page = rows.slice(0, query.limit);
    const participants = await participantsOf(
      tx,
      page.map((r) => r.id),
    );
    const audited = page.filter((r) => r.patientId);
    if (audited.length)
      await appendAuditMany(
        tx,
        audited.map((r) => event(viewer, 'messages.list', ref(r))),
      );
    const last = page.at(-1);
    return {
      items: page.map((r) =>
        toSummary(
          r,
          participants.filter((p) => p.threadId === r.id),
          isClinician(viewer),
        ),
      ),
      nextCursor:
        rows.length > query.limit && last
          ? encode(last.lastMessageAt.toISOString(), last.id)
          : null,
    };
  });
}

/** Quick replies for staff, in the caller's language; none for patients. */
export function quickReplies(viewer: Viewer, lang: Lang): QuickReply[] {
  if (!isStaffRole(viewer.role)) return [];
  return QUICK_REPLIES.map((r) => ({ id: r.id, text: r[lang] }));
}

/**
 * Whom the viewer may start a thread with: a patient, their care team (read-only); a clinician,
 * colleagues and patients with a portal account; a researcher, colleagues.
 */
export async function recipients(
  deps: Deps,
  viewer: Viewer,
  q: string | undefined,
): Promise<Recipient[]> {
  const db = deps.database.db;
  const search = q?.trim() || null;
  if (viewer.role === 'user') {
    const contact = await messagingContact(deps, { userId: viewer.userId });
    if (!contact?.specialistId) return [];
    const specialist = await findAccount(db, contact.specialistId);
    return specialist
      ? [{ id: specialist.id, name: specialist.name, kind: 'care_team', role: specialist.role }]
      : [];
  }
  const staff = (await staffAccounts(db, viewer.userId, search)).map((s): Recipient => ({
    id: s.id,
    name: s.name,
    kind: 'colleague',
    role: s.role,
  }));
  if (!isClinician(viewer)) return staff;
  // patients' names are identified data: one audit row per patient listed, with the read
  const found = await db.transaction(async (tx) => {
    const rows = await patientsWithAccounts(tx, search);
    if (rows.length)
      await appendAuditMany(
        tx,
        rows.map((p) => event(viewer, 'messages.recipients', { id: null, patientId: p.id })),
      );
    return rows;
  });
  const patients = found.map((p): Recipient => ({
    id: p.id,
    name: p.name,
    kind: 'patient',
    role: null,
  }));
  return [...patients, ...staff];
}
