/** A user's own sessions (the better-auth `session` table), read and ended by id. */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';

export function activeSessions(db: Db, userId: string) {
  return db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id))
    .limit(100);
}

/** Ends one session of `userId`; false when it is not theirs (or gone). */
export async function deleteSession(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, userId)))
    .returning({ id: session.id });
  return rows.length > 0;
}

/** Ends every session of `userId` but `keepId`; how many. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string) {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id });
  return rows.length;
}

/** The user's sign-in address and whether it was proven (`user.email_verified`). */
export async function emailOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: user.email, confirmed: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}
