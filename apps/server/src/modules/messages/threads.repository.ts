/** Threads, participants, messages and read receipts (SQL only). */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ThreadKind } from '@painlab/shared/messages';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  message,
  messageAttachment,
  messageParticipant,
  messageReceipt,
  messageThread,
  patient,
  user,
} from '../../db/schema';

export type Q = Db | Tx;

const STAFF_ROLES = ['admin', 'specialist', 'researcher'];

/** A name search's LIKE pattern: the text anywhere, its own % and _ meant literally. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertThread(
  tx: Tx,
  thread: { kind: ThreadKind; subject: string; patientId: string | null; createdBy: string },
): Promise<string> {
  const [row] = await tx.insert(messageThread).values(thread).returning({ id: messageThread.id });
  return row!.id;
}

export async function addParticipants(tx: Tx, threadId: string, userIds: string[]) {
  if (!userIds.length) return;
  await tx
    .insert(messageParticipant)
    .values(userIds.map((userId) => ({ threadId, userId })))
    .onConflictDoNothing();
}

/**
 * A message, the thread's newest, read by its author. The thread row is locked first, so messages of
 * one thread are numbered in commit order.
 */
export async function insertMessage(
  tx: Tx,
  m: { threadId: string; authorId: string; body: string; urgent: boolean; createdAt?: Date },
): Promise<{ id: string; seq: number; createdAt: Date; previousSeq: number }> {
  const [thread] = await tx
    .select({ lastSeq: messageThread.lastSeq })
    .from(messageThread)
    .where(eq(messageThread.id, m.threadId))
    .for('update');
  const [row] = await tx
    .insert(message)
    .values(m)
    .returning({ id: message.id, seq: message.seq, createdAt: message.createdAt });
  await tx
    .update(messageThread)
    .set({ lastSeq: row!.seq, lastMessageAt: row!.createdAt })
    .where(eq(messageThread.id, m.threadId));
  await tx
    .update(messageParticipant)
    .set({
      lastMessageAt: row!.createdAt,
      lastReadSeq: sql`case when ${messageParticipant.userId} = ${m.authorId} then ${row!.seq} else ${messageParticipant.lastReadSeq} end`,
    })
    .where(eq(messageParticipant.threadId, m.threadId));
  return { ...row!, previousSeq: thread?.lastSeq ?? 0 };
}

export async function findThread(db: Q, id: string) {
  const [row] = await db
    .select({
      id: messageThread.id,
      kind: messageThread.kind,
      subject: messageThread.subject,
      patientId: messageThread.patientId,
      patientName: patient.name,
      lastMessageAt: messageThread.lastMessageAt,
      lastSeq: messageThread.lastSeq,
    })
    .from(messageThread)
    .leftJoin(patient, eq(patient.id, messageThread.patientId))
    .where(eq(messageThread.id, id))
    .limit(1);
  return row ?? null;
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

/** The participants of threads, with their names, roles and how far they have read. */
export async function participantsOf(db: Q, threadIds: string[]) {
  if (!threadIds.length) return [];
  return db
    .select({
      threadId: messageParticipant.threadId,
      userId: messageParticipant.userId,
      name: user.name,
      role: user.role,
      lastReadSeq: messageParticipant.lastReadSeq,
    })
    .from(messageParticipant)
    .innerJoin(user, eq(user.id, messageParticipant.userId))
    .where(inArray(messageParticipant.threadId, threadIds))
    .orderBy(asc(messageParticipant.joinedAt), asc(user.name));
}
export type ParticipantRow = Awaited<ReturnType<typeof participantsOf>>[number];

/** The newest `limit` messages of a thread, oldest first, with their authors. */
export async function listMessages(db: Q, threadId: string, limit: number) {
  const rows = await db
    .select({
      id: message.id,
      seq: message.seq,
      body: message.body,
      urgent: message.urgent,
      authorId: message.authorId,
      authorName: user.name,
      authorRole: user.role,
      createdAt: message.createdAt,
      attachmentId: messageAttachment.id,
      attachmentName: messageAttachment.fileName,
      attachmentType: messageAttachment.contentType,
      attachmentSize: messageAttachment.size,
    })
    .from(message)
    .leftJoin(user, eq(user.id, message.authorId))
    .leftJoin(messageAttachment, eq(messageAttachment.messageId, message.id))
    .where(eq(message.threadId, threadId))
    .orderBy(desc(message.seq))
    .limit(limit);
  return rows.reverse();
}
export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export async function receiptsOf(db: Q, messageIds: string[]) {
  if (!messageIds.length) return [];
  return db
    .select({
      messageId: messageReceipt.messageId,
      userId: messageReceipt.userId,
      name: user.name,
      readAt: messageReceipt.readAt,
    })
    .from(messageReceipt)
    .innerJoin(user, eq(user.id, messageReceipt.userId))
    .where(inArray(messageReceipt.messageId, messageIds))
    .orderBy(asc(messageReceipt.readAt));
}

/**
 * Marks the thread read by `userId` up to `upToSeq` (the newest when null): receipts for the others'
 * messages newly read, and the participant's `last_read_seq`. Returns how many were newly read.
 */
export async function markThreadRead(
  tx: Tx,
  threadId: string,
  userId: string,
  upToSeq: number | null,
  at?: Date,
): Promise<number> {
  const [p] = await tx
    .select({ lastReadSeq: messageParticipant.lastReadSeq })
    .from(messageParticipant)
    .where(and(eq(messageParticipant.threadId, threadId), eq(messageParticipant.userId, userId)))
    .for('update');
  if (!p) return 0;
  const range = and(
    eq(message.threadId, threadId),
    gt(message.seq, p.lastReadSeq),
    upToSeq === null ? undefined : lte(message.seq, upToSeq),
  );
  const newly = await tx
    .select({ id: message.id, seq: message.seq, authorId: message.authorId })
    .from(message)
    .where(range);
  if (!newly.length) return 0;
  const others = newly.filter((m) => m.authorId !== userId);
  if (others.length)
    await tx
      .insert(messageReceipt)
      .values(others.map((m) => ({ messageId: m.id, userId, ...(at ? { readAt: at } : {}) })))
      .onConflictDoNothing();
  await tx
    .update(messageParticipant)
    .set({ lastReadSeq: Math.max(...newly.map((m) => m.seq)) })
    .where(and(eq(messageParticipant.threadId, threadId), eq(messageParticipant.userId, userId)));
  return others.length;
}

export async function findMessageSeq(db: Q, threadId: string, messageId: string) {
  const [row] = await db
    .select({ seq: message.seq })
    .from(message)
    .where(and(eq(message.threadId, threadId), eq(message.id, messageId)))
    .limit(1);
  return row?.seq ?? null;
}

const unreadOf = (userId: string) => sql<number>`(select count(*)::int from ${message} m
  where m.thread_id = ${messageParticipant.threadId} and m.seq > ${messageParticipant.lastReadSeq}
  and m.author_id is distinct from ${userId})`;
const urgentUnreadOf = (userId: string) => sql<boolean>`exists (select 1 from ${message} m
  where m.thread_id = ${messageParticipant.threadId} and m.seq > ${messageParticipant.lastReadSeq}
  and m.urgent and m.author_id is distinct from ${userId})`;
const lastAuthor = sql<
  string | null
>`(select u.name from ${message} m join ${user} u on u.id = m.author_id
  where m.thread_id = ${messageParticipant.threadId} order by m.seq desc limit 1)`;

/** The threads `userId` takes part in, newest message first, keyset by (last_message_at, id). */
export async function listThreadsOf(
  db: Q,
  userId: string,
  after: { at: string; id: string } | null,
  limit: number,
) {
  const where: (SQL | undefined)[] = [eq(messageParticipant.userId, userId)];
  if (after)
    where.push(
      or(
        lt(messageParticipant.lastMessageAt, new Date(after.at)),
        and(
          eq(messageParticipant.lastMessageAt, new Date(after.at)),
          lt(messageParticipant.threadId, after.id),
        ),
      ),
    );
  return db
    .select({
      id: messageThread.id,
      kind: messageThread.kind,
      subject: messageThread.subject,
      patientId: messageThread.patientId,
      patientName: patient.name,
      lastMessageAt: messageParticipant.lastMessageAt,
      lastSeq: messageThread.lastSeq,
      unread: unreadOf(userId),
      urgentUnread: urgentUnreadOf(userId),
      lastAuthor,
    })
    .from(messageParticipant)
    .innerJoin(messageThread, eq(messageThread.id, messageParticipant.threadId))
    .leftJoin(patient, eq(patient.id, messageThread.patientId))
    .where(and(...where))
    .orderBy(desc(messageParticipant.lastMessageAt), desc(messageParticipant.threadId))
    .limit(limit + 1);
}

/** Messages of others the user has not read, over all their threads. */
export async function countUnreadMessages(db: Q, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .innerJoin(
      messageParticipant,
      and(eq(messageParticipant.threadId, message.threadId), eq(messageParticipant.userId, userId)),
    )
    .where(
      and(
        gt(message.seq, messageParticipant.lastReadSeq),
        or(isNull(message.authorId), ne(message.authorId, userId)),
      ),
    );
  return row?.n ?? 0;
}

/** An account: its role, whether it may sign in, its name and e-mail. */
export async function findAccount(db: Q, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      role: user.role,
      banned: user.banned,
      email: user.email,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findAccounts(db: Q, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ id: user.id, name: user.name, role: user.role, banned: user.banned })
    .from(user)
    .where(inArray(user.id, userIds));
}

/** Staff a member of staff may write to (not themselves, not banned), by name. */
export async function staffAccounts(db: Q, exceptUserId: string, q: string | null) {
  return db
    .select({ id: user.id, name: user.name, role: user.role })
    .from(user)
    .where(
      and(
        inArray(user.role, STAFF_ROLES),
        ne(user.id, exceptUserId),
        or(isNull(user.banned), eq(user.banned, false)),
        q ? ilike(user.name, like(q)) : undefined,
      ),
    )
    .orderBy(asc(user.name))
    .limit(20);
}

/** Live patients with a portal account, by name (staff start threads with them). */
export async function patientsWithAccounts(db: Q, q: string | null) {
  return db
    .select({ id: patient.id, name: patient.name })
    .from(patient)
    .where(
      and(
        isNull(patient.deletedAt),
        isNotNull(patient.userId),
        q ? ilike(patient.name, like(q)) : undefined,
      ),
    )
    .orderBy(asc(patient.name))
    .limit(20);
}

export async function anyThread(db: Q): Promise<boolean> {
  return (await db.select({ id: messageThread.id }).from(messageThread).limit(1)).length > 0;
}

export async function insertAttachment(
  tx: Tx,
  a: {
    messageId: string;
    threadId: string;
    fileName: string;
    contentType: string;
    size: number;
    content: Buffer;
  },
) {
  await tx.insert(messageAttachment).values(a);
}

/** An attachment's thread and metadata (no content). */
export async function findAttachment(db: Q, id: string) {
  const [row] = await db
    .select({
      id: messageAttachment.id,
      threadId: messageAttachment.threadId,
      fileName: messageAttachment.fileName,
      contentType: messageAttachment.contentType,
      size: messageAttachment.size,
    })
    .from(messageAttachment)
    .where(eq(messageAttachment.id, id))
    .limit(1);
  return row ?? null;
}

export async function attachmentContent(db: Q, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: messageAttachment.content })
    .from(messageAttachment)
    .where(eq(messageAttachment.id, id))
    .limit(1);
  return row?.content ?? null;
}
