/**
 * One task: create (by a person, or by the system inside its caller's transaction), the audited read,
 * edit, status change. Lists: `list.service.ts`; comments and history: `comments.service.ts`.
 */
import type {
  CreateTaskParsed,
  Task,
  TaskAssigneeInput,
  TaskPriority,
  TaskStatus,
  UpdateTaskParsed,
} from '@painlab/shared/tasks';
import { createTaskSchema, TASK_LIMITS, TASK_QUEUES } from '@painlab/shared/tasks';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import {
  findAssignable,
  findLivePatient,
  findTask,
  finishTaskRow,
  insertTask,
  transitionTaskRow,
  updateTaskRow,
} from './task.repository';
import { noticeTask, publishTaskChanged } from './notices.service';
import { toTask } from './tasks.mapping';
import {
  allowedTransitions,
  auditingRefusals,
  canSee,
  event,
  refuse,
  requireStaff,
  type Viewer,
} from './tasks.policy';
import type { Q, TaskRow, TaskWrite } from './tasks.query';
import { notify } from '../notifications/notifications.service';
import { isUuid } from '../../lib/uuid';

export type { Viewer } from './tasks.policy';

/** Ids are UUIDs; anything else names no record. */
export function taskId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

function assigneeColumns(a: TaskAssigneeInput) {
  return a.kind === 'queue'
    ? { assigneeUserId: null, assigneeRole: a.role }
    : { assigneeUserId: a.userId, assigneeRole: null };
}

/**
 * The task as it would be written must make sense: a live patient; an existing, active assignee; a
 * patient's account only for tasks about that patient (or none); nothing tied to a patient for a
 * researcher (they see no identified data).
 */
async function checkWrite(
  db: Q,
  write: Pick<TaskWrite, 'patientId' | 'assigneeUserId' | 'assigneeRole'>,
) {
  if (write.patientId !== null) {
    if (!isUuid(write.patientId) || !(await findLivePatient(db, write.patientId.toLowerCase())))
      throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
  }
  if (write.assigneeRole === 'researcher' && write.patientId !== null)
    throw DomainError.invalidField('assignee', 'invalid_value', 'assignee_deidentified');
  if (write.assigneeUserId !== null) {
    const account = await findAssignable(db, write.assigneeUserId);
    if (!account || account.banned)
      throw DomainError.invalidField('assignee', 'invalid_value', 'invalid_choice');
    if (account.role === 'researcher' && write.patientId !== null)
      throw DomainError.invalidField('assignee', 'invalid_value', 'assignee_deidentified');
    // a patient's account (not a staff queue's role) may be given only their own record's tasks
    if (
      !(TASK_QUEUES as readonly string[]).includes(account.role) &&
      write.patientId !== null &&
      account.patientId !== write.patientId.toLowerCase()
    )
      throw DomainError.invalidField('assignee', 'invalid_value', 'assignee_other_patient');
  }
}

/** The task's row for `viewer`, or a 404 (a task they may not see is refused, audited, as absent). */
export async function visibleTask(
  deps: Deps,
  viewer: Viewer,
  id: string,
  attempted: string,
): Promise<TaskRow> {
  const row = await findTask(deps.database.db, id);
  if (!row) throw DomainError.notFound();
  if (!canSee(viewer, row)) await refuse(deps, viewer, attempted, row, 'not_visible', 'not_found');
  return row;
}

export async function createTask(
  deps: Deps,
  viewer: Viewer,
  input: CreateTaskParsed,
): Promise<Task> {
  const patientId = input.patientId ? input.patientId.toLowerCase() : null;
  await requireStaff(
    deps,
    viewer,
    'tasks.create',
    { id: null, patientId: isUuid(patientId ?? '') ? patientId : null },
    'create',
  );
  const created = await deps.database.db.transaction(async (tx) => {
    const write: TaskWrite = {
      title: input.title,
      description: input.description ?? null,
      patientId,
      ...assigneeColumns(input.assignee),
      dueDate: input.dueDate ?? null,
      priority: input.priority,
    };
    await checkWrite(tx, write);
    const id = await insertTask(tx, write, { userId: viewer.userId, reason: null });
    await appendAudit(tx, event(viewer, 'tasks.create', id, patientId));
    const row = (await findTask(tx, id))!;
    const woken = await publishTaskChanged(tx, id, [row]);
    await noticeAssignee(tx, deps, row, viewer.userId);
    return { task: toTask(viewer, row), woken };
  });
  deps.realtime.wake(created.woken);
  return created.task;
}

/**
 * The person a task is (newly) assigned to hears of it, in-app and by e-mail as their preferences
 * say (notices.service.ts); not someone assigning it to themselves.
 */
async function noticeAssignee(
  tx: Tx,
  deps: Deps | null,
  row: TaskRow,
  actorId: string | null,
): Promise<void> {
  const to = row.assigneeUserId;
  if (!to || to === actorId) return;
  const notice = {
    recipientId: to,
    taskId: row.id,
    patientId: row.patientId,
    dueDate: row.dueDate,
    actorId,
    kind: 'assigned' as const,
    occasion: `v${row.version}`,
  };
  // the system's tasks (no request, no settings at hand): in-app only
  if (deps) await noticeTask(tx, deps.env, notice);
  else
    await notify(tx, {
      recipientId: to,
      type: 'task_assigned',
      refId: row.id,
      link: '/tasks',
      actorId,
    });
}

/** What another module says when it makes a task (rules, no-shows, waitlist offers). */
export interface SystemTaskInput {
  title: string;
  description?: string | null;
  patientId?: string | null;
  assignee: TaskAssigneeInput;
  dueDate?: string | null;
  priority?: TaskPriority;
  /** Why the task exists, shown with it ("No-show on 2026-11-20, 10:00"). Required. */
  reason: string;
  /** The module that makes it, for the audit row ('appointments', 'clinical-rules', …). */
  source: string;
}

/**
 * Makes a task on behalf of the system, inside the caller's transaction `tx`: if the caller's change
 * rolls back, so does the task (and its history and audit rows). Checks the same rules as a person's
 * task (the input's schema, a live patient, a fitting assignee) and throws a DomainError otherwise.
 * Returns the new task's id.
 */
export async function createSystemTask(tx: Tx, input: SystemTaskInput): Promise<string> {
  const { reason, source, ...fields } = input;
  const reasonText = reason.trim();
  if (!reasonText || reasonText.length > TASK_LIMITS.reason)
    throw DomainError.invalidField('reason', 'invalid_value', reasonText ? 'too_long' : 'required');
  const parsed = createTaskSchema.safeParse(fields);
  if (!parsed.success)
    throw DomainError.validation(
      parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code,
        message: i.message,
      })),
    );
  const patientId = parsed.data.patientId ? parsed.data.patientId.toLowerCase() : null;
  const write: TaskWrite = {
    title: parsed.data.title,
    description: parsed.data.description ?? null,
    patientId,
    ...assigneeColumns(parsed.data.assignee),
    dueDate: parsed.data.dueDate ?? null,
    priority: parsed.data.priority,
  };
  await checkWrite(tx, write);
  const id = await insertTask(tx, write, { userId: null, reason: reasonText });
  const system: Actor = { userId: null, role: 'system', ip: null, requestId: null };
  await appendAudit(tx, event(system, 'tasks.create', id, patientId, { source }));
  // heard at commit by every instance's LISTEN (PostgreSQL); on PGlite at the assignee's next event
  const row = (await findTask(tx, id))!;
  await publishTaskChanged(tx, id, [row]);
  await noticeAssignee(tx, null, row, null);
  return id;
}

/**
 * Marks a task done on behalf of the system, inside the caller's transaction `tx`, when the work it
 * asked for was finished elsewhere (a questionnaire submitted). Nothing happens to a task already done
 * or cancelled, or one that no longer exists. Returns whether it moved.
 */
export async function finishSystemTask(tx: Tx, id: string, source: string): Promise<boolean> {
  const from = await finishTaskRow(tx, id);
  if (!from) return false;
  const row = (await findTask(tx, id))!;
  const system: Actor = { userId: null, role: 'system', ip: null, requestId: null };
  await appendAudit(
    tx,
    event(system, 'tasks.transition', id, row.patientId, { from, to: 'done', source }),
  );
  await publishTaskChanged(tx, id, [row]);
  return true;
}

/** The read and its audit row (with the patient, if any) in one transaction. */
export async function readTask(deps: Deps, viewer: Viewer, id: string): Promise<Task> {
  const found = await deps.database.db.transaction(async (tx) => {
    const row = await findTask(tx, id);
    if (!row) throw DomainError.notFound();
    if (!canSee(viewer, row)) return { row, visible: false };
    if (row.patientId) await appendAudit(tx, event(viewer, 'tasks.view', id, row.patientId));
    return { row, visible: true };
  });
  if (!found.visible)
    return refuse(deps, viewer, 'tasks.view', found.row, 'not_visible', 'not_found');
  return toTask(viewer, found.row);
}

export async function updateTask(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: UpdateTaskParsed,
): Promise<Task> {
  const before = await visibleTask(deps, viewer, id, 'tasks.edit');
  await requireStaff(deps, viewer, 'tasks.edit', before, 'edit');
  const { version, assignee, ...changes } = input;
  const patch = Object.fromEntries(
    Object.entries({
      ...changes,
      ...(changes.patientId !== undefined
        ? { patientId: changes.patientId ? changes.patientId.toLowerCase() : null }
        : {}),
      ...(assignee ? assigneeColumns(assignee) : {}),
    }).filter(([, v]) => v !== undefined),
  ) as Partial<TaskWrite>;
  // Who it is for is checked only when the edit changes it: a task of a patient archived since, or
  // assigned to someone banned since, can still have its title or due date corrected.
  const changesWho =
    patch.patientId !== undefined ||
    patch.assigneeUserId !== undefined ||
    patch.assigneeRole !== undefined;
  const done = await auditingRefusals(deps, viewer, 'tasks.edit', before, () =>
    deps.database.db.transaction(async (tx) => {
      const current = await findTask(tx, id);
      if (!current) throw DomainError.notFound();
      if (changesWho)
        await checkWrite(tx, {
          patientId: patch.patientId !== undefined ? patch.patientId : current.patientId,
          assigneeUserId:
            patch.assigneeUserId !== undefined ? patch.assigneeUserId : current.assigneeUserId,
          assigneeRole:
            patch.assigneeRole !== undefined ? patch.assigneeRole : current.assigneeRole,
        });
      const result = await updateTaskRow(tx, id, version, patch, viewer.userId);
      if (result === null) throw DomainError.notFound();
      if (result === 'conflict') throw DomainError.conflict();
      const after = (await findTask(tx, id))!;
      const fields = Object.keys(patch).sort().join(',');
      await appendAudit(tx, event(viewer, 'tasks.edit', id, after.patientId, { fields }));
      // moved from one patient to another: the one it left is told too
      if (before.patientId && before.patientId !== after.patientId)
        await appendAudit(tx, event(viewer, 'tasks.edit', id, before.patientId, { fields }));
      const woken = await publishTaskChanged(tx, id, [current, after]);
      if (after.assigneeUserId !== current.assigneeUserId)
        await noticeAssignee(tx, deps, after, viewer.userId);
      return { task: toTask(viewer, after), woken };
    }),
  );
  deps.realtime.wake(done.woken);
  return done.task;
}

export async function transitionTask(
  deps: Deps,
  viewer: Viewer,
  id: string,
  to: TaskStatus,
  version: number,
): Promise<Task> {
  const before = await visibleTask(deps, viewer, id, 'tasks.transition');
  if (viewer.role === 'user' && to !== 'done')
    await refuse(deps, viewer, 'tasks.transition', before, `patient_may_only_finish:${to}`, {
      action: 'edit',
      resource: 'tasks',
    });
  const done = await auditingRefusals(deps, viewer, 'tasks.transition', before, () =>
    deps.database.db.transaction(async (tx) => {
      const result = await transitionTaskRow(
        tx,
        id,
        version,
        to,
        (from) => allowedTransitions(viewer, { ...before, status: from }).includes(to),
        viewer.userId,
      );
      if (result === null) throw DomainError.notFound();
      if (result === 'conflict') throw DomainError.conflict();
      if (result === 'refused') throw DomainError.transitionNotAllowed();
      await appendAudit(
        tx,
        event(viewer, 'tasks.transition', id, before.patientId, { from: result.from, to }),
      );
      const after = (await findTask(tx, id))!;
      return { task: toTask(viewer, after), woken: await publishTaskChanged(tx, id, [after]) };
    }),
  );
  deps.realtime.wake(done.woken);
  return done.task;
}

/** The audited task list, for other modules (the dashboard's pending tasks and alerts). */
export { listForViewer as listTasksForViewer } from './list.service';
