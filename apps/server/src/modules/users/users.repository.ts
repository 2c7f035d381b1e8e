import { and, asc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { IDENTIFIED_VIEWERS, toRole } from '@painlab/shared/permissions';
import type { UserListFilter, UserSummary } from '@painlab/shared/users';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  account,
  mfaTotpStep,
  passkey,
  session,
  twoFactor,
  user,
  verification,
} from '../../db/schema';

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  // a passkey is a second factor too (ADR 0033)
  mfaEnrolled: sql<boolean>`(${user.twoFactorEnabled} or exists (select 1 from passkey pk where pk.user_id = "user"."id"))`,
  createdAt: user.createdAt,
};

type Row = {
  id: string;
  name: string;
  email: string;
  role: string;
  banned: boolean | null;
  mfaEnrolled: boolean;
  createdAt: Date;
};

function toSummary(row: Row): UserSummary {
  return {
    ...row,
    role: toRole(row.role),
    banned: Boolean(row.banned),
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` in a search are themselves, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(
  db: Db | Tx,
  after: string | undefined,
  limit: number,
  filter: UserListFilter = {},
) {
  const rows = await db
    .select(columns)
    .from(user)
    .where(
      and(
        after ? gt(user.email, after) : undefined,
        filter.q
          ? or(ilike(user.name, likeText(filter.q)), ilike(user.email, likeText(filter.q)))
          : undefined,
        filter.role ? eq(user.role, filter.role) : undefined,
      ),
    )
    .orderBy(asc(user.email))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(toSummary);
  return { items: page, nextCursor: rows.length > limit ? (page.at(-1)?.email ?? null) : null };
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserSummary | null> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, id)).limit(1);
  return row ? toSummary(row) : null;
}

export async function findUserIdByEmail(db: Db | Tx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}

export async function findUserIdByPhone(db: Db | Tx, phone: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.phoneNumber, phone))
    .limit(1);
  return row?.id ?? null;
}

/** A user with an e-mail + password credential, as better-auth stores it. */
export async function insertUserWithPassword(
  tx: Tx,
  input: {
    id: string;
    name: string;
    email: string;
    role: string;
    passwordHash: string;
    /**
     * The address is the person's: an invitation accepted through its e-mailed link, or an account
     * the clinic created (ADR 0040).
     */
    emailVerified?: boolean;
    /** A number confirmed by a code sent to it (an account made with a phone number, ADR 0043). */
    verifiedPhone?: string;
  },
): Promise<UserSummary> {
  const now = new Date();
  const [row] = await tx
    .insert(user)
    .values({
      id: input.id,
      name: input.name,
      email: input.email,
      role: input.role,
      emailVerified: input.emailVerified ?? false,
      ...(input.verifiedPhone
        ? { phoneNumber: input.verifiedPhone, phoneNumberVerified: true }
        : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns);
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: input.id,
    providerId: 'credential',
    userId: input.id,
    password: input.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return toSummary(row!);
}

export async function updateUserRow(tx: Tx, id: string, patch: { name?: string; role?: string }) {
  const [row] = await tx
    .update(user)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning(columns);
  return row ? toSummary(row) : null;
}

/** Deleting the user cascades to its sessions and accounts. */
export async function deleteUserRow(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(user).where(eq(user.id, id)).returning({ id: user.id });
  return rows.length > 0;
}

/**
 * Removes every second factor of `id` as better-auth's plugins store them (ADRs 0025, 0033):
 * the TOTP secret and the encrypted recovery codes (`two_factor`, which also enables the e-mail
 * code factor), the passkeys, the enrolled flag, the replay marker and any pending sign-in challenge or e-mail
 * code (`verification` rows whose value is the user's id), and ends every session of the account.
 * Returns what was removed, or null when the account does not exist.
 */
export async function removeSecondFactors(tx: Tx, id: string) {
  const [row] = await tx
    .select({ enrolled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, id))
    .for('update');
  if (!row) return null;
  const factors = await tx
    .delete(twoFactor)
    .where(eq(twoFactor.userId, id))
    .returning({ id: twoFactor.id });
  const passkeys = await tx
    .delete(passkey)
    .where(eq(passkey.userId, id))
    .returning({ id: passkey.id });
  await tx.delete(mfaTotpStep).where(eq(mfaTotpStep.userId, id));
  await tx.delete(verification).where(eq(verification.value, id));
  await tx
    .update(user)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(eq(user.id, id));
  const sessions = await tx
    .delete(session)
    .where(eq(session.userId, id))
    .returning({ id: session.id });
  return {
    wasEnrolled: row.enrolled,
    factors: factors.length + passkeys.length,
    sessions: sessions.length,
  };
}

/** Clinicians: the roles that see identified records and can be assigned patients. */
export async function findClinician(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  return Boolean(row && (IDENTIFIED_VIEWERS as readonly string[]).includes(row.role ?? ''));
}

export async function listClinicians(db: Db | Tx) {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.role, [...IDENTIFIED_VIEWERS]))
    .orderBy(asc(user.name))
    .limit(500);
}
