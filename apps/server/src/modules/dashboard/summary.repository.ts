/**
 * The dashboard's own reads (SQL only): counts across the clinic and the few lists no other module
 * offers (high-priority patients without a next step, recent arrivals, recent messages to the
 * viewer). Lists the viewer's tasks and today's agenda come from the tasks and appointments services.
 */
import { and, count, desc, eq, gt, gte, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { PatientLoadRow } from '@painlab/shared/dashboard';
import { OPEN_TASK_STATUSES } from '@painlab/shared/tasks';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  appointment,
  message,
  messageParticipant,
  messageThread,
  patient,
  task,
  user,
} from '../../db/schema';

type Q = Db | Tx;

/** Patients in care: not discharged, not inactive, not archived. */
export const ACTIVE_PATIENT_STATUSES = ['new', 'in_treatment', 'follow_up'] as const;

const live = and(isNull(patient.deletedAt), inArray(patient.status, [...ACTIVE_PATIENT_STATUSES]));

/** Active patients per specialist and status (`bySpecialist` false: per status only). */
export async function patientLoad(db: Q, bySpecialist: boolean): Promise<PatientLoadRow[]> {
  if (!bySpecialist) {
    const rows = await db
      .select({ status: patient.status, count: count() })
      .from(patient)
      .where(live)
      .groupBy(patient.status);
    return rows.map((r) => ({ specialist: null, status: r.status, count: Number(r.count) }));
  }
  const rows = await db
    .select({
      specialistId: patient.assignedSpecialistId,
      specialistName: user.name,
      status: patient.status,
      count: count(),
    })
    .from(patient)
    .leftJoin(user, eq(user.id, patient.assignedSpecialistId))
    .where(live)
    .groupBy(patient.assignedSpecialistId, user.name, patient.status)
    .orderBy(user.name, patient.status);
  return rows.map((r) => ({
    specialist:
      r.specialistId && r.specialistName ? { id: r.specialistId, name: r.specialistName } : null,
    status: r.status,
    count: Number(r.count),
  }));
}

/**
 * High-priority patients in care with no next step: no upcoming pending or confirmed appointment and
 * no open task about them. Oldest record first (the longest waiting).
 */
export function patientsWithoutNextStep(db: Q, now: Date, limit: number) {
  return db
    .select({ id: patient.id, name: patient.name })
    .from(patient)
    .where(
      and(
        live,
        eq(patient.priority, 'high'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(appointment)
            .where(
              and(
                eq(appointment.patientId, patient.id),
                gt(appointment.startsAt, now),
                inArray(appointment.status, ['pending', 'confirmed']),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(task)
            .where(
              and(eq(task.patientId, patient.id), inArray(task.status, [...OPEN_TASK_STATUSES])),
            ),
        ),
      ),
    )
    .orderBy(patient.createdAt, patient.id)
    .limit(limit);
}

/** The newest patient records. */
export function newestPatients(db: Q, since: Date, limit: number) {
  return db
    .select({ id: patient.id, name: patient.name, at: patient.createdAt })
    .from(patient)
    .where(and(isNull(patient.deletedAt), gte(patient.createdAt, since)))
    .orderBy(desc(patient.createdAt), desc(patient.id))
    .limit(limit);
}

/** The newest messages written to `userId` by others, in threads they take part in. */
export function newestMessagesTo(db: Q, userId: string, since: Date, limit: number) {
  return db
    .select({
      threadId: message.threadId,
      at: message.createdAt,
      author: user.name,
      patientId: messageThread.patientId,
      patientName: patient.name,
    })
    .from(messageParticipant)
    .innerJoin(messageThread, eq(messageThread.id, messageParticipant.threadId))
    .innerJoin(message, eq(message.threadId, messageParticipant.threadId))
    .leftJoin(user, eq(user.id, message.authorId))
    .leftJoin(patient, eq(patient.id, messageThread.patientId))
    .where(
      and(
        eq(messageParticipant.userId, userId),
        gte(messageParticipant.lastMessageAt, since),
        gte(message.createdAt, since),
        sql`${message.authorId} is distinct from ${userId}`,
      ),
    )
    .orderBy(desc(message.createdAt), desc(message.id))
    .limit(limit);
}

/** Clinic-wide counts since `since` (research: no identities). */
export async function activityCounts(db: Q, since: Date) {
  const [patients] = await db
    .select({ n: count() })
    .from(patient)
    .where(and(isNull(patient.deletedAt), gte(patient.createdAt, since)));
  const [messages] = await db
    .select({ n: count() })
    .from(message)
    .where(gte(message.createdAt, since));
  return { patient: Number(patients?.n ?? 0), message: Number(messages?.n ?? 0) };
}
