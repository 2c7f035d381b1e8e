/**
 * Who may see and change which task, and the audit row of each decision. Tasks are not in the SPEC §6
 * matrix (`/tasks` is open to every signed-in user), so the rules are here:
 * - staff (`canSeeIdentified`: admin, specialist) see, create and edit every task and move it along
 *   any allowed transition;
 * - a researcher sees only tasks assigned to them or to the researcher queue that are not tied to a
 *   patient (nothing identifying), moves them along the allowed transitions and comments; never
 *   creates or edits;
 * - a patient (role `user`) sees only tasks assigned to them, may only mark them done and comment.
 * A task someone may not see answers 404, as if it did not exist. Every decision about a task tied to
 * a patient is an audit row with the patient id; refusals are always audited.
 */
import { canSeeIdentified, type Role } from '@painlab/shared/permissions';
import { TASK_TRANSITIONS, type TaskQueue, type TaskStatus } from '@painlab/shared/tasks';
import { auditEvent, type Actor, type AuditEvent } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited } from '../../audit/refusals';
import type { Deps } from '../../http/types';
import type { TaskScope } from './list.repository';
import type { PermissionTerm } from '@painlab/shared/errors';

export type Viewer = Actor & { role: Role; userId: string };

interface TaskRef {
  id: string;
  patientId: string | null;
  assigneeUserId: string | null;
  assigneeRole: TaskQueue | null;
  status: TaskStatus;
}

export const isStaff = (viewer: Viewer) => canSeeIdentified(viewer.role);

/** The queues a researcher works from. */
const RESEARCHER_QUEUES: readonly TaskQueue[] = ['researcher'];

export function scopeOf(viewer: Viewer): TaskScope {
  if (isStaff(viewer)) return { kind: 'all' };
  if (viewer.role === 'researcher')
    return { kind: 'own_unidentified', userId: viewer.userId, queues: RESEARCHER_QUEUES };
  return { kind: 'own', userId: viewer.userId };
}

export function canSee(viewer: Viewer, row: TaskRef): boolean {
  const scope = scopeOf(viewer);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'own') return row.assigneeUserId === viewer.userId;
  return (
    row.patientId === null &&
    (row.assigneeUserId === viewer.userId ||
      (row.assigneeRole !== null && scope.queues.includes(row.assigneeRole)))
  );
}

/** The statuses this viewer may move a task it can see to, from its current status. */
export function allowedTransitions(viewer: Viewer, row: TaskRef): TaskStatus[] {
  if (!canSee(viewer, row)) return [];
  const next = [...TASK_TRANSITIONS[row.status]];
  if (viewer.role === 'user') return next.filter((s) => s === 'done');
  return next;
}

/** A decision about a task, as its audit row (patient id when the task is tied to one). */
export const event = (
  actor: Actor,
  action: string,
  taskId: string | null,
  patientId: string | null,
  details?: AuditEvent['details'],
  outcome: AuditEvent['outcome'] = 'success',
) =>
  auditEvent(actor, {
    action,
    outcome,
    resource: 'tasks',
    recordId: taskId,
    patientId,
    details: details ?? null,
  });

/**
 * A refusal decided here: one `denied` audit row committed on its own (the caller's transaction rolls
 * back with the error), then a 404 for a task the viewer may not see, or a 403.
 */
export async function refuse(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  task: { id: string | null; patientId: string | null },
  reason: string,
  answer: 'not_found' | { action: PermissionTerm; resource: PermissionTerm },
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    event(viewer, attempted, task.id, task.patientId, { reason }, 'denied'),
    answer,
  );
}

/**
 * Runs a write whose refusals are decided inside its transaction (a stale version, a transition
 * not allowed, an assignee or patient that no longer qualifies): the transaction rolls back, so the
 * refusal's audit row is written on its own before the error goes on.
 */
export async function auditingRefusals<T>(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  task: { id: string | null; patientId: string | null },
  work: () => Promise<T>,
): Promise<T> {
  return auditingDomainRefusals(
    deps.database.db,
    (reason) => event(viewer, attempted, task.id, task.patientId, { reason }, 'denied'),
    work,
  );
}

/** Creating and editing tasks is for staff. */
export async function requireStaff(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  task: { id: string | null; patientId: string | null },
  action: 'create' | 'edit',
) {
  if (!isStaff(viewer))
    await refuse(deps, viewer, attempted, task, 'staff_only', { action, resource: 'tasks' });
}
