/** Questionnaires: schedules, assignments, links and responses (SQL only). */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  patient,
  questionnaireAssignment,
  questionnaireLink,
  questionnaireResponse,
  questionnaireSchedule,
  user,
} from '../../db/schema';

export type Q = Db | Tx;

export type ScheduleRow = typeof questionnaireSchedule.$inferSelect;
export type AssignmentRow = typeof questionnaireAssignment.$inferSelect;
export type ResponseRow = typeof questionnaireResponse.$inferSelect;
export type NewResponse = typeof questionnaireResponse.$inferInsert;

/** A live patient record with what assigning and notifying need. */
export async function findLivePatient(db: Q, id: string) {
  const [row] = await db
    .select({
      id: patient.id,
      name: patient.name,
      userId: patient.userId,
      email: patient.email,
      contactNumber: patient.contactNumber,
      assignedSpecialistId: patient.assignedSpecialistId,
    })
    .from(patient)
    .where(and(eq(patient.id, id), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type PatientRef = NonNullable<Awaited<ReturnType<typeof findLivePatient>>>;

/** The live patient record linked to a portal account. */
export async function findPatientIdOfUser(db: Q, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.userId, userId), isNull(patient.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

export async function insertSchedule(
  tx: Tx,
  values: typeof questionnaireSchedule.$inferInsert,
): Promise<ScheduleRow> {
  const [row] = await tx.insert(questionnaireSchedule).values(values).returning();
  return row!;
}

/** One active schedule with an occurrence due by `today`, locked (others skip it). */
export async function lockNextDueSchedule(
  tx: Tx,
  today: string,
  scheduleId?: string,
): Promise<ScheduleRow | null> {
  const [row] = await tx
    .select()
    .from(questionnaireSchedule)
    .where(
      and(
        eq(questionnaireSchedule.status, 'active'),
        lte(questionnaireSchedule.nextDueOn, today),
        scheduleId ? eq(questionnaireSchedule.id, scheduleId) : undefined,
      ),
    )
    .orderBy(asc(questionnaireSchedule.nextDueOn))
    .for('update', { skipLocked: true })
    .limit(1);
  return row ?? null;
}

export async function advanceSchedule(
  tx: Tx,
  id: string,
  nextDueOn: string | null,
  status: 'active' | 'finished',
) {
  await tx
    .update(questionnaireSchedule)
    .set({ nextDueOn, status })
    .where(eq(questionnaireSchedule.id, id));
}

/** Stops an active schedule; false when it is not active (or not this patient's). */
export async function stopSchedule(tx: Tx, id: string, patientId: string): Promise<boolean> {
  const rows = await tx
    .update(questionnaireSchedule)
    .set({ status: 'stopped', nextDueOn: null })
    .where(
      and(
        eq(questionnaireSchedule.id, id),
        eq(questionnaireSchedule.patientId, patientId),
        eq(questionnaireSchedule.status, 'active'),
      ),
    )
    .returning({ id: questionnaireSchedule.id });
  return rows.length > 0;
}

/** The occurrence, unless it was already released (then null). */
export async function insertAssignment(
  tx: Tx,
  values: typeof questionnaireAssignment.$inferInsert,
): Promise<AssignmentRow | null> {
  const [row] = await tx
    .insert(questionnaireAssignment)
    .values(values)
    .onConflictDoNothing({
      target: [questionnaireAssignment.scheduleId, questionnaireAssignment.dueOn],
    })
    .returning();
  return row ?? null;
}

/** Who scheduled the questionnaire (null: the system, or an account since deleted). */
export async function scheduleCreator(db: Q, scheduleId: string): Promise<string | null> {
  const [row] = await db
    .select({ createdBy: questionnaireSchedule.createdBy })
    .from(questionnaireSchedule)
    .where(eq(questionnaireSchedule.id, scheduleId))
    .limit(1);
  return row?.createdBy ?? null;
}

export async function setAssignmentTask(tx: Tx, id: string, taskId: string) {
  await tx
    .update(questionnaireAssignment)
    .set({ taskId })
    .where(eq(questionnaireAssignment.id, id));
}

export async function findAssignment(db: Q, id: string): Promise<AssignmentRow | null> {
  const [row] = await db
    .select()
    .from(questionnaireAssignment)
    .where(eq(questionnaireAssignment.id, id))
    .limit(1);
  return row ?? null;
}

/** The assignment locked for a write (drafts and submissions serialise on it). */
export async function lockAssignment(tx: Tx, id: string): Promise<AssignmentRow | null> {
  const [row] = await tx
    .select()
    .from(questionnaireAssignment)
    .where(eq(questionnaireAssignment.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function saveDraft(tx: Tx, id: string, draft: (number | null)[]): Promise<number> {
  const [row] = await tx
    .update(questionnaireAssignment)
    .set({
      draft,
      version: sql`${questionnaireAssignment.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(questionnaireAssignment.id, id))
    .returning({ version: questionnaireAssignment.version });
  return row!.version;
}

export async function completeAssignment(tx: Tx, id: string) {
  await tx
    .update(questionnaireAssignment)
    .set({
      status: 'completed',
      draft: null,
      version: sql`${questionnaireAssignment.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(questionnaireAssignment.id, id));
}

export async function insertResponse(tx: Tx, values: NewResponse): Promise<ResponseRow> {
  const [row] = await tx.insert(questionnaireResponse).values(values).returning();
  return row!;
}

export async function insertLink(tx: Tx, values: typeof questionnaireLink.$inferInsert) {
  await tx.insert(questionnaireLink).values(values);
}

export async function findLink(db: Q, tokenHash: string) {
  const [row] = await db
    .select()
    .from(questionnaireLink)
    .where(eq(questionnaireLink.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks the link used, once: false when another request used it first. */
export async function useLink(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(questionnaireLink)
    .set({ usedAt: new Date() })
    .where(and(eq(questionnaireLink.id, id), isNull(questionnaireLink.usedAt)))
    .returning({ id: questionnaireLink.id });
  return rows.length > 0;
}

export async function schedulesOf(db: Q, patientId: string) {
  return db
    .select()
    .from(questionnaireSchedule)
    .where(eq(questionnaireSchedule.patientId, patientId))
    .orderBy(desc(questionnaireSchedule.createdAt), desc(questionnaireSchedule.id))
    .limit(200);
}

export async function openAssignmentsOf(db: Q, patientId: string) {
  return db
    .select()
    .from(questionnaireAssignment)
    .where(
      and(
        eq(questionnaireAssignment.patientId, patientId),
        eq(questionnaireAssignment.status, 'open'),
      ),
    )
    .orderBy(asc(questionnaireAssignment.dueOn), asc(questionnaireAssignment.id))
    .limit(200);
}

/** A patient's responses, oldest first (the series of each instrument). */
export async function responsesOf(db: Q, patientId: string) {
  return db
    .select()
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.patientId, patientId))
    .orderBy(asc(questionnaireResponse.submittedAt), asc(questionnaireResponse.id))
    .limit(2000);
}

export async function anySchedule(db: Q): Promise<boolean> {
  const rows = await db
    .select({ id: questionnaireSchedule.id })
    .from(questionnaireSchedule)
    .limit(1);
  return rows.length > 0;
}

/** Up to `limit` live patients, oldest first (the demo seed's). */
export async function livePatientsForSeed(db: Q, limit: number) {
  return db
    .select({ id: patient.id, assignedSpecialistId: patient.assignedSpecialistId })
    .from(patient)
    .where(isNull(patient.deletedAt))
    .orderBy(asc(patient.createdAt), asc(patient.id))
    .limit(limit);
}

/** An account's id by e-mail (the demo seed's specialist). */
export async function userIdByEmail(db: Q, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * Each patient's latest scorable result per instrument (treatment plans' progress): one query for
 * a whole page of patients.
 */
export async function latestScoredOf(db: Q, patientIds: readonly string[]) {
  if (!patientIds.length) return [];
  return db
    .selectDistinctOn([questionnaireResponse.patientId, questionnaireResponse.instrumentId], {
      patientId: questionnaireResponse.patientId,
      instrumentId: questionnaireResponse.instrumentId,
      total: questionnaireResponse.total,
      subscales: questionnaireResponse.subscales,
      submittedAt: questionnaireResponse.submittedAt,
    })
    .from(questionnaireResponse)
    .where(
      and(
        inArray(questionnaireResponse.patientId, [...patientIds]),
        eq(questionnaireResponse.scorable, true),
      ),
    )
    .orderBy(
      questionnaireResponse.patientId,
      questionnaireResponse.instrumentId,
      desc(questionnaireResponse.submittedAt),
      desc(questionnaireResponse.id),
    );
}

/** One patient's scorable results of some instruments, oldest first (a plan's progress chart). */
export async function scoredSeriesOf(
  db: Q,
  patientId: string,
  instrumentIds: readonly ResponseRow['instrumentId'][],
) {
  if (!instrumentIds.length) return [];
  return db
    .select({
      instrumentId: questionnaireResponse.instrumentId,
      total: questionnaireResponse.total,
      subscales: questionnaireResponse.subscales,
      submittedAt: questionnaireResponse.submittedAt,
    })
    .from(questionnaireResponse)
    .where(
      and(
        eq(questionnaireResponse.patientId, patientId),
        eq(questionnaireResponse.scorable, true),
        inArray(questionnaireResponse.instrumentId, [...instrumentIds]),
      ),
    )
    .orderBy(asc(questionnaireResponse.submittedAt), asc(questionnaireResponse.id))
    .limit(2000);
}
