/** Treatment plans, their versions and acknowledgements (SQL only). */
import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PlanContent, PlanStatus } from '@painlab/shared/treatments';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  patient,
  treatmentPlan,
  treatmentPlanAcknowledgement,
  treatmentPlanVersion,
  user,
} from '../../db/schema';

export type Q = Db | Tx;

/** A live patient record: its name and portal account. */
export async function findLivePatient(db: Q, id: string) {
  const [row] = await db
    .select({ id: patient.id, name: patient.name, userId: patient.userId })
    .from(patient)
    .where(and(eq(patient.id, id), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The live patient record linked to a portal account. */
export async function findPatientIdOfUser(db: Q, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.userId, userId), isNull(patient.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

const planColumns = {
  id: treatmentPlan.id,
  patientId: treatmentPlan.patientId,
  patientName: patient.name,
  status: treatmentPlan.status,
  title: treatmentPlan.title,
  content: treatmentPlan.content,
  version: treatmentPlan.version,
  createdAt: treatmentPlan.createdAt,
  updatedAt: treatmentPlan.updatedAt,
};

export type PlanRow = {
  id: string;
  patientId: string;
  patientName: string;
  status: PlanStatus;
  title: string;
  content: PlanContent;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** A plan of a live patient, with the patient's name; `lock` holds it for the transaction. */
export async function findPlan(db: Q, id: string, lock = false): Promise<PlanRow | null> {
  const query = db
    .select(planColumns)
    .from(treatmentPlan)
    .innerJoin(patient, eq(patient.id, treatmentPlan.patientId))
    .where(and(eq(treatmentPlan.id, id), isNull(patient.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: treatmentPlan }) : await query;
  return row ?? null;
}

export async function insertPlan(
  tx: Tx,
  values: { patientId: string; title: string; content: PlanContent; createdBy: string },
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(treatmentPlan)
    .values({
      ...values,
      status: 'draft',
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: treatmentPlan.id });
  return row!;
}

/** Writes the next version if `version` is still the current one; null when it is not. */
export async function updatePlan(
  tx: Tx,
  id: string,
  version: number,
  set: { content?: PlanContent; title?: string; status?: PlanStatus },
): Promise<{ version: number } | null> {
  const [row] = await tx
    .update(treatmentPlan)
    .set({ ...set, version: sql`${treatmentPlan.version} + 1`, updatedAt: new Date() })
    .where(and(eq(treatmentPlan.id, id), eq(treatmentPlan.version, version)))
    .returning({ version: treatmentPlan.version });
  return row ?? null;
}

export async function insertVersion(tx: Tx, values: typeof treatmentPlanVersion.$inferInsert) {
  await tx.insert(treatmentPlanVersion).values(values);
}

export async function deletePlan(tx: Tx, id: string): Promise<void> {
  await tx.delete(treatmentPlan).where(eq(treatmentPlan.id, id));
}

/** Every version of a plan, oldest first, with who changed it. */
export async function versionsOf(db: Q, planId: string) {
  return db
    .select({
      version: treatmentPlanVersion.version,
      kind: treatmentPlanVersion.kind,
      status: treatmentPlanVersion.status,
      content: treatmentPlanVersion.content,
      note: treatmentPlanVersion.note,
      changedById: treatmentPlanVersion.changedBy,
      changedByName: user.name,
      changedAt: treatmentPlanVersion.changedAt,
    })
    .from(treatmentPlanVersion)
    .leftJoin(user, eq(user.id, treatmentPlanVersion.changedBy))
    .where(eq(treatmentPlanVersion.planId, planId))
    .orderBy(asc(treatmentPlanVersion.version))
    .limit(1000);
}
export type VersionRow = Awaited<ReturnType<typeof versionsOf>>[number];

/** Of these plans, the ones that were ever active (a version with that status): what a patient may see. */
export async function everActive(db: Q, planIds: readonly string[]): Promise<Set<string>> {
  if (!planIds.length) return new Set();
  const rows = await db
    .selectDistinct({ planId: treatmentPlanVersion.planId })
    .from(treatmentPlanVersion)
    .where(
      and(
        inArray(treatmentPlanVersion.planId, [...planIds]),
        eq(treatmentPlanVersion.status, 'active'),
      ),
    );
  return new Set(rows.map((r) => r.planId));
}

export async function acknowledgementsOf(db: Q, planId: string) {
  return db
    .select({
      version: treatmentPlanAcknowledgement.version,
      acknowledgedAt: treatmentPlanAcknowledgement.acknowledgedAt,
    })
    .from(treatmentPlanAcknowledgement)
    .where(eq(treatmentPlanAcknowledgement.planId, planId))
    .orderBy(asc(treatmentPlanAcknowledgement.version));
}

/** Records the acknowledgement once; false when this version was already acknowledged. */
export async function insertAcknowledgement(
  tx: Tx,
  values: { planId: string; version: number; userId: string },
): Promise<boolean> {
  const rows = await tx
    .insert(treatmentPlanAcknowledgement)
    .values(values)
    .onConflictDoNothing()
    .returning({ version: treatmentPlanAcknowledgement.version });
  return rows.length > 0;
}

/** The active plan of a patient, if any. */
export async function activePlanIdOf(db: Q, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: treatmentPlan.id })
    .from(treatmentPlan)
    .where(and(eq(treatmentPlan.patientId, patientId), eq(treatmentPlan.status, 'active')))
    .limit(1);
  return row?.id ?? null;
}

/** The active plans' goals of some patients, in one query (the patient list's progress column). */
export async function activeGoalsOf(db: Q, patientIds: readonly string[]) {
  if (!patientIds.length) return [];
  return db
    .select({ patientId: treatmentPlan.patientId, content: treatmentPlan.content })
    .from(treatmentPlan)
    .where(
      and(inArray(treatmentPlan.patientId, [...patientIds]), eq(treatmentPlan.status, 'active')),
    );
}

export interface PlanFilter {
  status?: PlanStatus | undefined;
  patientId?: string | undefined;
  q?: string | undefined;
  /** Plans this clinician is responsible for. */
  clinicianId?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A keyset page, most recently changed first (cursor: `updatedAt|id`). */
export async function listPlans(
  db: Q,
  filter: PlanFilter,
  cursor: { updatedAt: Date; id: string } | null,
  limit: number,
): Promise<PlanRow[]> {
  const where: (SQL | undefined)[] = [isNull(patient.deletedAt)];
  if (filter.status) where.push(eq(treatmentPlan.status, filter.status));
  if (filter.patientId) where.push(eq(treatmentPlan.patientId, filter.patientId));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(patient.name, like), ilike(treatmentPlan.title, like)));
  }
  if (filter.clinicianId)
    where.push(
      sql`${treatmentPlan.content} -> 'clinicianIds' @> ${JSON.stringify([filter.clinicianId])}::jsonb`,
    );
  if (cursor)
    where.push(
      or(
        lt(treatmentPlan.updatedAt, cursor.updatedAt),
        and(eq(treatmentPlan.updatedAt, cursor.updatedAt), lt(treatmentPlan.id, cursor.id)),
      ),
    );
  return db
    .select(planColumns)
    .from(treatmentPlan)
    .innerJoin(patient, eq(patient.id, treatmentPlan.patientId))
    .where(and(...where))
    .orderBy(desc(treatmentPlan.updatedAt), desc(treatmentPlan.id))
    .limit(limit + 1);
}

/** Whether any plan exists (the demo seed runs once). */
export async function anyPlan(db: Q): Promise<boolean> {
  const rows = await db.select({ id: treatmentPlan.id }).from(treatmentPlan).limit(1);
  return rows.length > 0;
}

/** The oldest live patients' ids (the demo seed's, in the questionnaire seed's order). */
export async function oldestPatientIds(db: Q, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: patient.id })
    .from(patient)
    .where(isNull(patient.deletedAt))
    .orderBy(asc(patient.createdAt), asc(patient.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** An account's id by e-mail (the demo seed). */
export async function userIdByEmail(db: Q, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}
