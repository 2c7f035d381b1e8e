/** One task: read, insert, edit, status change, each with its history row (SQL only). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TASK_QUEUES, type TaskStatus } from '@painlab/shared/tasks';
import type { Tx } from '../../audit/audit';
import { patient, task, taskEvent, user } from '../../db/schema';
import { selectTasks, type Q, type TaskRow, type TaskWrite } from './tasks.query';

export async function findTask(db: Q, id: string): Promise<TaskRow | null> {
  const [row] = await selectTasks(db).where(eq(task.id, id)).limit(1);
  return row ?? null;
}

/** The task's row locked for a write, with what the checks need. */
async function lockTask(tx: Tx, id: string) {
  const [row] = await tx
    .select({ version: task.version, status: task.status })
    .from(task)
    .where(eq(task.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertTask(
  tx: Tx,
  write: TaskWrite,
  author: { userId: string | null; reason: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(task)
    .values({
      ...write,
      createdBy: author.userId,
      bySystem: author.userId === null,
      reason: author.reason,
    })
    .returning({ id: task.id });
  await tx
    .insert(taskEvent)
    .values({ taskId: row!.id, kind: 'created', toStatus: 'new', actorId: author.userId });
  return row!.id;
}

/** Applies an edit made from `version`: null if there is no such task, 'conflict' if stale. */
export async function updateTaskRow(
  tx: Tx,
  id: string,
  version: number,
  patch: Partial<TaskWrite>,
  actorId: string,
): Promise<'conflict' | 'ok' | null> {
  const current = await lockTask(tx, id);
  if (!current) return null;
  if (current.version !== version) return 'conflict';
  await tx
    .update(task)
    .set({ ...patch, version: sql`${task.version} + 1`, updatedAt: new Date() })
    .where(eq(task.id, id));
  await tx.insert(taskEvent).values({
    taskId: id,
    kind: 'edited',
    fields: Object.keys(patch).sort().join(','),
    actorId,
  });
  return 'ok';
}

/**
 * Moves a task to `to` from `version`, if `allowed(from)` says so: null if there is no such task,
 * 'conflict' if stale, 'refused' if the change is not allowed from its current status.
 */
export async function transitionTaskRow(
  tx: Tx,
  id: string,
  version: number,
  to: TaskStatus,
  allowed: (from: TaskStatus) => boolean,
  actorId: string,
): Promise<'conflict' | 'refused' | { from: TaskStatus } | null> {
  const current = await lockTask(tx, id);
  if (!current) return null;
  if (current.version !== version) return 'conflict';
  if (!allowed(current.status)) return 'refused';
  await tx
    .update(task)
    .set({ status: to, version: sql`${task.version} + 1`, updatedAt: new Date() })
    .where(eq(task.id, id));
  await tx
    .insert(taskEvent)
    .values({ taskId: id, kind: 'status', fromStatus: current.status, toStatus: to, actorId });
  return { from: current.status };
}

/**
 * Marks a task done on behalf of the system (no actor): null if there is no such task, false if it
 * is already done or cancelled, else the status it left.
 */
export async function finishTaskRow(tx: Tx, id: string): Promise<TaskStatus | false | null> {
  const current = await lockTask(tx, id);
  if (!current) return null;
  if (current.status === 'done' || current.status === 'cancelled') return false;
  await tx
    .update(task)
    .set({ status: 'done', version: sql`${task.version} + 1`, updatedAt: new Date() })
    .where(eq(task.id, id));
  await tx.insert(taskEvent).values({
    taskId: id,
    kind: 'status',
    fromStatus: current.status,
    toStatus: 'done',
    actorId: null,
  });
  return current.status;
}

/** A live patient record's id and its portal account, if any. */
export async function findLivePatient(db: Q, id: string) {
  const [row] = await db
    .select({ id: patient.id, userId: patient.userId })
    .from(patient)
    .where(and(eq(patient.id, id), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** An account a task may be assigned to: its role, and the patient record linked to it. */
export async function findAssignable(db: Q, userId: string) {
  const [row] = await db
    .select({ id: user.id, role: user.role, banned: user.banned, patientId: patient.id })
    .from(user)
    .leftJoin(patient, and(eq(patient.userId, user.id), isNull(patient.deletedAt)))
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/** Staff accounts by name, and the portal account of `patientId` when it has one. */
export async function assignableAccounts(db: Q, patientId: string | null) {
  const staff = await db
    .select({ id: user.id, name: user.name, role: user.role })
    .from(user)
    .where(and(inArray(user.role, [...TASK_QUEUES])))
    .orderBy(user.name, user.id)
    .limit(500);
  if (!patientId) return staff;
  const linked = await db
    .select({ id: user.id, name: user.name, role: user.role })
    .from(patient)
    .innerJoin(user, eq(user.id, patient.userId))
    .where(and(eq(patient.id, patientId), isNull(patient.deletedAt)))
    .limit(1);
  return [...linked, ...staff];
}

/** Account ids by e-mail (for the demo seed). */
export async function accountIdsByEmail(db: Q, emails: string[]) {
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function anyTask(db: Q): Promise<boolean> {
  const rows = await db.select({ id: task.id }).from(task).limit(1);
  return rows.length > 0;
}

/** The active accounts with one of `roles` (who hear of every change to a task they may see). */
export async function accountIdsWithRole(db: Q, roles: readonly string[]): Promise<string[]> {
  if (!roles.length) return [];
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.role, [...roles]), sql`coalesce(${user.banned}, false) = false`));
  return rows.map((r) => r.id);
}

/** An account's sign-in address (where its notices outside the app go). */
export async function accountEmail(db: Q, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.id, userId), sql`coalesce(${user.banned}, false) = false`))
    .limit(1);
  return row?.email ?? null;
}
