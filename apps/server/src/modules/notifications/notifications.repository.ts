/** In-app notifications (SQL only). */
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@painlab/shared/messages';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { notification, user } from '../../db/schema';

export type Q = Db | Tx;

export interface NotificationWrite {
  recipientId: string;
  type: NotificationType;
  refId: string;
  link: string;
  actorId: string | null;
}

/**
 * One unread notification per recipient, type and thing: a new one, or the unread one counted up
 * and brought to the top (the partial unique index decides, so two at once cannot make two rows).
 */
export async function upsertNotification(tx: Tx, write: NotificationWrite): Promise<string> {
  const [row] = await tx
    .insert(notification)
    .values(write)
    .onConflictDoUpdate({
      target: [notification.recipientId, notification.type, notification.refId],
      targetWhere: isNull(notification.readAt),
      set: {
        count: sql`${notification.count} + 1`,
        createdAt: sql`now()`,
        actorId: write.actorId,
        link: write.link,
      },
    })
    .returning({ id: notification.id });
  return row!.id;
}

export async function listNotifications(
  db: Q,
  recipientId: string,
  after: { at: string; id: string } | null,
  unreadOnly: boolean,
  limit: number,
) {
  const where: (SQL | undefined)[] = [eq(notification.recipientId, recipientId)];
  if (unreadOnly) where.push(isNull(notification.readAt));
  if (after)
    where.push(
      or(
        lt(notification.createdAt, new Date(after.at)),
        and(eq(notification.createdAt, new Date(after.at)), lt(notification.id, after.id)),
      ),
    );
  return db
    .select({
      id: notification.id,
      type: notification.type,
      link: notification.link,
      actor: user.name,
      count: notification.count,
      createdAt: notification.createdAt,
      readAt: notification.readAt,
    })
    .from(notification)
    .leftJoin(user, eq(user.id, notification.actorId))
    .where(and(...where))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit + 1);
}

export async function countUnread(db: Q, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), isNull(notification.readAt)));
  return row?.n ?? 0;
}

/** Marks the recipient's unread notifications read (one, or all); the ids it changed. */
export async function markNotificationsRead(
  tx: Tx,
  recipientId: string,
  id: string | null,
): Promise<string[]> {
  const rows = await tx
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notification.recipientId, recipientId),
        isNull(notification.readAt),
        id ? eq(notification.id, id) : undefined,
      ),
    )
    .returning({ id: notification.id });
  return rows.map((r) => r.id);
}

export async function notificationExists(db: Q, recipientId: string, id: string) {
  const rows = await db
    .select({ id: notification.id })
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.id, id)))
    .limit(1);
  return rows.length > 0;
}

/** The unread notifications of a thing for a recipient, marked read (reading the thing itself). */
export async function markReadByRef(
  tx: Tx,
  recipientId: string,
  type: NotificationType,
  refId: string,
) {
  const rows = await tx
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notification.recipientId, recipientId),
        eq(notification.type, type),
        eq(notification.refId, refId),
        isNull(notification.readAt),
      ),
    )
    .returning({ id: notification.id });
  return rows.map((r) => r.id);
}

/** An active (not banned) account with one of `roles`: its sign-in address; null otherwise. */
export async function activeAccountEmail(
  db: Q,
  userId: string,
  roles: readonly string[],
): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(user)
    .where(
      and(
        eq(user.id, userId),
        inArray(user.role, [...roles]),
        sql`coalesce(${user.banned}, false) = false`,
      ),
    )
    .limit(1);
  return row?.email ?? null;
}
