import { sql } from 'drizzle-orm';
import type { Role } from '@painlab/shared/permissions';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { mfaPolicy } from '../../db/schema';

/** The roles an administrator changed from the default, with their setting. */
export async function readPolicyRows(db: Db | Tx): Promise<{ role: string; required: boolean }[]> {
  return db.select({ role: mfaPolicy.role, required: mfaPolicy.required }).from(mfaPolicy);
}

export async function writePolicyRow(
  tx: Tx,
  role: Role,
  required: boolean,
  userId: string | null,
): Promise<void> {
  await tx
    .insert(mfaPolicy)
    .values({ role, required, updatedBy: userId })
    .onConflictDoUpdate({
      target: mfaPolicy.role,
      set: { required, updatedBy: userId, updatedAt: sql`now()` },
    });
}
