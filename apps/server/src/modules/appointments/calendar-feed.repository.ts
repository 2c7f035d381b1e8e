/** Calendar subscriptions (ADR 0028): one row per user, looked up by the hash of its secret. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import { calendarFeed, user } from '../../db/schema';
import type { Q } from './appointments.query';

export async function findFeedOfUser(db: Q, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeed.createdAt, lastReadAt: calendarFeed.lastReadAt })
    .from(calendarFeed)
    .where(eq(calendarFeed.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The subscription of `tokenHash` with what decides whether its owner may still read it: role, ban,
 * and (for a forced second factor, ADR 0038) whether a factor is enrolled and since when the account exists.
 */
export async function findFeedByHash(db: Q, tokenHash: string) {
  const [row] = await db
    .select({
      userId: calendarFeed.userId,
      language: calendarFeed.language,
      role: user.role,
      banned: user.banned,
      userCreatedAt: user.createdAt,
      mfaEnrolled: sql<boolean>`(${user.twoFactorEnabled} is true or exists (select 1 from passkey where passkey.user_id = ${user.id}))`,
    })
    .from(calendarFeed)
    .innerJoin(user, eq(user.id, calendarFeed.userId))
    .where(eq(calendarFeed.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Makes or replaces the user's subscription (the old hash stops matching at once). */
export async function upsertFeed(
  tx: Tx,
  userId: string,
  tokenHash: string,
  language: 'es' | 'en',
  now: Date,
) {
  await tx
    .insert(calendarFeed)
    .values({ userId, tokenHash, language, createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeed.userId,
      set: { tokenHash, language, createdAt: now, lastReadAt: null },
    });
}

export async function deleteFeed(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(calendarFeed)
    .where(eq(calendarFeed.userId, userId))
    .returning({ userId: calendarFeed.userId });
  return rows.length > 0;
}

export async function touchFeed(tx: Tx, userId: string, tokenHash: string, now: Date) {
  await tx
    .update(calendarFeed)
    .set({ lastReadAt: now })
    .where(and(eq(calendarFeed.userId, userId), eq(calendarFeed.tokenHash, tokenHash)));
}
