import { sql } from 'drizzle-orm';
import type { Role } from '@painlab/shared/permissions';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { mfaPolicy } from '../../db/schema';

export interface PolicyRow {
  role: string;
  required: boolean;
  enforced: boolean;
  graceDays: number;
  enforcedSince: Date | null;
}

const COLUMNS = {
  role: mfaPolicy.role,
  required: mfaPolicy.required,
  enforced: mfaPolicy.enforced,
  graceDays: mfaPolicy.graceDays,
  enforcedSince: mfaPolicy.enforcedSince,
};

/** The roles an administrator changed from the default, with their setting. */
export async function readPolicyRows(db: Db | Tx): Promise<PolicyRow[]> {
  return db.select(COLUMNS).from(mfaPolicy);
}

/** One role's row, locked for the rest of the transaction (two administrators saving at once). */
export async function lockPolicyRow(tx: Tx, role: Role): Promise<PolicyRow | null> {
  const [row] = await tx
    .select(COLUMNS)
    .from(mfaPolicy)
    .where(sql`${mfaPolicy.role} = ${role}`)
    .for('update');
  return row ?? null;
}

/**
 * Writes one role's setting. `enforced_since` is set to now when enforcement is switched on, kept
 * while it stays on (a new grace period does not restart the clock), and cleared when it goes off.
 */
export async function writePolicyRow(
  tx: Tx,
  role: Role,
  setting: { required: boolean; enforced: boolean; graceDays: number },
  userId: string | null,
): Promise<void> {
  const since = setting.enforced
    ? sql`coalesce(${mfaPolicy.enforcedSince}, now())`
    : sql`null::timestamptz`;
  await tx
    .insert(mfaPolicy)
    .values({
      role,
      ...setting,
      enforcedSince: setting.enforced ? sql`now()` : null,
      updatedBy: userId,
    })
    .onConflictDoUpdate({
      target: mfaPolicy.role,
      set: { ...setting, enforcedSince: since, updatedBy: userId, updatedAt: sql`now()` },
    });
}
