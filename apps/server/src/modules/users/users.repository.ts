import { and, asc, eq, gt, ilike, inArray, or } from 'drizzle-orm';
import { IDENTIFIED_VIEWERS, toRole } from '@painlab/shared/permissions';
import type { UserListFilter, UserSummary } from '@painlab/shared/users';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { account, user } from '../../db/schema';

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  createdAt: user.createdAt,
};

type Row = {
  id: string;
  name: string;
  email: string;
  role: string;
  banned: boolean | null;
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

/** A user with an e-mail + password credential, as better-auth stores it. */
export async function insertUserWithPassword(
  tx: Tx,
  input: { id: string; name: string; email: string; role: string; passwordHash: string },
): Promise<UserSummary> {
  const now = new Date();
  const [row] = await tx
    .insert(user)
    .values({
      id: input.id,
      name: input.name,
      email: input.email,
      role: input.role,
      emailVerified: false,
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
