/** Staff invitations (ADR 0031): stored with the SHA-256 of the link's token only. */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffInvite, StaffInviteStatus, StaffRole } from '@painlab/shared/users';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { staffInvite } from '../../db/schema';

/** Invitation tokens are stored only as this hash. */
export function staffInviteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Row = typeof staffInvite.$inferSelect;

export function statusOf(row: Row, now = new Date()): StaffInviteStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export function toStaffInvite(row: Row): StaffInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/** The latest invitations first (an administrator's list; old ones fall off the end). */
export async function listStaffInvites(db: Db | Tx, limit = 200): Promise<Row[]> {
  return db.select().from(staffInvite).orderBy(desc(staffInvite.createdAt)).limit(limit);
}

export async function insertStaffInvite(
  tx: Tx,
  values: {
    email: string;
    role: StaffRole;
    tokenHash: string;
    createdBy: string | null;
    expiresAt: Date;
  },
): Promise<Row> {
  const [row] = await tx.insert(staffInvite).values(values).returning();
  return row!;
}

/** Withdraws the open invitations of `email` (a new one replaces them); returns how many. */
/** Serialises the invitations of one address until the end of the transaction. */
export async function lockInvitesOf(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invite:${email}`}))`);
}

export async function revokeOpenInvitesFor(tx: Tx, email: string, by: string | null) {
  const rows = await tx
    .update(staffInvite)
    .set({ revokedAt: sql`now()`, revokedBy: by })
    .where(
      and(
        eq(staffInvite.email, email),
        isNull(staffInvite.acceptedAt),
        isNull(staffInvite.revokedAt),
      ),
    )
    .returning({ id: staffInvite.id });
  return rows.length;
}

/** The invitation, locked for the rest of the transaction. */
export async function lockStaffInvite(tx: Tx, id: string): Promise<Row | null> {
  const [row] = await tx.select().from(staffInvite).where(eq(staffInvite.id, id)).for('update');
  return row ?? null;
}

export async function lockStaffInviteByToken(tx: Tx, tokenHash: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(staffInvite)
    .where(eq(staffInvite.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function findStaffInviteByToken(db: Db | Tx, tokenHash: string): Promise<Row | null> {
  const [row] = await db.select().from(staffInvite).where(eq(staffInvite.tokenHash, tokenHash));
  return row ?? null;
}

export async function updateStaffInvite(
  tx: Tx,
  id: string,
  patch: Partial<
    Pick<
      Row,
      'tokenHash' | 'expiresAt' | 'sentAt' | 'revokedAt' | 'revokedBy' | 'acceptedAt' | 'acceptedBy'
    >
  >,
): Promise<Row> {
  const [row] = await tx.update(staffInvite).set(patch).where(eq(staffInvite.id, id)).returning();
  return row!;
}
