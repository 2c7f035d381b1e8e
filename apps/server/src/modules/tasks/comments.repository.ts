/** A task's comments and its history (SQL only). */
import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import { taskComment, taskEvent, user } from '../../db/schema';
import type { Q } from './tasks.query';

export function listComments(db: Q, taskId: string, commentId?: string) {
  return db
    .select({
      id: taskComment.id,
      body: taskComment.body,
      authorId: taskComment.authorId,
      authorName: user.name,
      createdAt: taskComment.createdAt,
    })
    .from(taskComment)
    .leftJoin(user, eq(user.id, taskComment.authorId))
    .where(commentId ? eq(taskComment.id, commentId) : eq(taskComment.taskId, taskId))
    .orderBy(asc(taskComment.createdAt), asc(taskComment.id))
    .limit(500);
}

export async function insertComment(tx: Tx, taskId: string, authorId: string, body: string) {
  const [row] = await tx
    .insert(taskComment)
    .values({ taskId, authorId, body })
    .returning({ id: taskComment.id });
  return row!.id;
}

export function listEvents(db: Q, taskId: string) {
  return db
    .select({
      id: taskEvent.id,
      kind: taskEvent.kind,
      fromStatus: taskEvent.fromStatus,
      toStatus: taskEvent.toStatus,
      fields: taskEvent.fields,
      actorId: taskEvent.actorId,
      actorName: user.name,
      at: taskEvent.at,
    })
    .from(taskEvent)
    .leftJoin(user, eq(user.id, taskEvent.actorId))
    .where(eq(taskEvent.taskId, taskId))
    .orderBy(desc(taskEvent.id))
    .limit(500);
}
