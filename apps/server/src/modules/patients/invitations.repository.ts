/** Portal invitations: stored as a token hash, used once, linking an account to a record. */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { patient, patientInvite } from '../../db/schema';
import { live, type Q } from './patients.query';

export async function pendingInvite(db: Q, patientId: string) {
  const [row] = await db
    .select({ createdAt: patientInvite.createdAt })
    .from(patientInvite)
    .where(
      and(
        eq(patientInvite.patientId, patientId),
        isNull(patientInvite.usedAt),
        sql`${patientInvite.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(patientInvite.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertInvite(
  tx: Tx,
  values: {
    patientId: string;
    tokenHash: string;
    channel: string;
    createdBy: string | null;
    expiresAt: Date;
  },
) {
  await tx.insert(patientInvite).values(values);
}

/** Invitation tokens are stored only as this hash. */
export function inviteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * While registration is closed, one account may be created with an invitation: takes that slot if
 * the invitation is usable and its slot is free, in one UPDATE (two racing sign-ups cannot both get it).
 */
export async function takeInviteSignUp(db: Db, tokenHash: string): Promise<boolean> {
  const taken = await db
    .update(patientInvite)
    .set({ signUpAt: sql`now()` })
    .where(
      and(
        eq(patientInvite.tokenHash, tokenHash),
        isNull(patientInvite.usedAt),
        isNull(patientInvite.signUpAt),
        sql`${patientInvite.expiresAt} > now()`,
      ),
    )
    .returning({ id: patientInvite.id });
  return taken.length > 0;
}

export async function findUsableInvite(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ id: patientInvite.id, patientId: patientInvite.patientId })
    .from(patientInvite)
    .where(
      and(
        eq(patientInvite.tokenHash, tokenHash),
        isNull(patientInvite.usedAt),
        sql`${patientInvite.expiresAt} > now()`,
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function linkPatientToUser(
  tx: Tx,
  patientId: string,
  userId: string,
  inviteId: string,
) {
  const rows = await tx
    .update(patient)
    .set({ userId })
    .where(and(eq(patient.id, patientId), isNull(patient.userId), live))
    .returning({ id: patient.id });
  if (rows.length === 0) return false;
  await tx
    .update(patientInvite)
    .set({ usedAt: new Date(), usedBy: userId })
    .where(eq(patientInvite.id, inviteId));
  return true;
}
