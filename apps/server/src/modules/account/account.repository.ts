/** A user's own sessions (the better-auth `session` table), read and ended by id. */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { account, session, user } from '../../db/schema';

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

/** The account a verified phone number signs in to, with what a reset by SMS must know. */
export async function accountOfPhone(db: Db, phone: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      // a passkey is a second factor too (ADR 0033)
      mfaEnrolled: sql<boolean>`(${user.twoFactorEnabled} is true or exists (select 1 from passkey pk where pk.user_id = ${user.id}))`,
      banned: user.banned,
      banExpires: user.banExpires,
    })
    .from(user)
    .where(and(eq(user.phoneNumber, phone), eq(user.phoneNumberVerified, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the password (better-auth's credential row, made if missing) and ends every session of the
 * user, in `tx`: a reset leaves no one signed in with the old one.
 */
export async function replacePassword(tx: Tx, userId: string, passwordHash: string) {
  const now = new Date();
  const updated = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .returning({ id: account.id });
  if (!updated.length)
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  const ended = await tx
    .delete(session)
    .where(eq(session.userId, userId))
    .returning({ id: session.id });
  return ended.length;
}
