/**
 * Who may see and change which appointment, and the audit row of each decision (ADR 0015). The SPEC
 * §6 matrix is checked by the guard on every route (`appointments` view/create/edit/delete); here are
 * the row rules:
 * - staff (`canSeeIdentified`: admin, specialist) see every appointment and act by the matrix;
 *   specialists change only their own weekly hours and exceptions, administrators anyone's;
 * - a patient (role `user`) sees only the appointments of the record linked to their account (any
 *   other answers 404, as if absent), books or requests for themselves by the clinic's setting, and
 *   cancels their own before the notice period;
 * - researchers hold no `appointments` permission: the guard refuses them.
 * Every decision about an appointment is one audit row with its patient id; refusals are committed
 * on their own (the refused write's transaction rolls back).
 */
import { APPOINTMENT_TRANSITIONS, type AppointmentStatus } from '@painlab/shared/appointments';
import type { PermissionTerm } from '@painlab/shared/errors';
import { canSeeIdentified, hasPermission, type Role } from '@painlab/shared/permissions';
import { auditEvent, type Actor, type AuditEvent } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited } from '../../audit/refusals';
import type { Deps } from '../../http/types';

export type Viewer = Actor & { role: Role; userId: string };

/** What the rules read of an appointment. */
export interface AppointmentRef {
  id: string | null;
  patientId: string | null;
  patientUserId?: string | null;
  status?: AppointmentStatus;
  startsAt?: Date;
}

export const isStaff = (viewer: Viewer) => canSeeIdentified(viewer.role);

export function canSee(viewer: Viewer, row: AppointmentRef): boolean {
  if (isStaff(viewer)) return hasPermission(viewer.role, 'appointments', 'view');
  return viewer.role === 'user' && !!row.patientUserId && row.patientUserId === viewer.userId;
}

/** The statuses staff may move it to now (patients change a status only by cancelling). */
export function allowedTransitions(
  viewer: Viewer,
  row: Required<Pick<AppointmentRef, 'status' | 'startsAt'>>,
  now = new Date(),
): AppointmentStatus[] {
  if (!isStaff(viewer) || !hasPermission(viewer.role, 'appointments', 'edit')) return [];
  return APPOINTMENT_TRANSITIONS[row.status].filter(
    // a visit is completed or missed once it has started, never before
    (to) => to === 'cancelled' || to === 'confirmed' || row.startsAt.getTime() <= now.getTime(),
  );
}

/** Whether the viewer may cancel now: staff with `edit`; the patient before the notice period. */
export function cancelRefusal(
  viewer: Viewer,
  row: Required<Pick<AppointmentRef, 'status' | 'startsAt'>> & AppointmentRef,
  noticeHours: number,
  now = new Date(),
): null | 'status' | 'notice' | 'forbidden' {
  if (row.status !== 'pending' && row.status !== 'confirmed') return 'status';
  if (isStaff(viewer))
    return hasPermission(viewer.role, 'appointments', 'edit') ? null : 'forbidden';
  if (!canSee(viewer, row)) return 'forbidden';
  return row.startsAt.getTime() - now.getTime() >= noticeHours * 3_600_000 ? null : 'notice';
}

/** A decision about an appointment (or the module's settings), as its audit row. */
export const event = (
  actor: Actor,
  action: string,
  recordId: string | null,
  patientId: string | null,
  details?: AuditEvent['details'],
  outcome: AuditEvent['outcome'] = 'success',
) =>
  auditEvent(actor, {
    action,
    outcome,
    resource: 'appointments',
    recordId,
    patientId,
    details: details ?? null,
  });

/**
 * A refusal decided here: one `denied` audit row committed on its own, then a 404 for an
 * appointment the viewer may not see, or a 403.
 */
export async function refuse(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  ref: { id: string | null; patientId: string | null },
  reason: string,
  answer: 'not_found' | { action: PermissionTerm; resource: PermissionTerm },
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    event(viewer, attempted, ref.id, ref.patientId, { reason }, 'denied'),
    answer,
  );
}

/**
 * Runs a write whose refusals are decided inside its transaction (stale version, slot taken, a
 * status that does not allow it): the transaction rolls back, so the refusal's audit row is written
 * on its own before the error goes on.
 */
export async function auditingRefusals<T>(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  ref: { id: string | null; patientId: string | null },
  work: () => Promise<T>,
): Promise<T> {
  return auditingDomainRefusals(
    deps.database.db,
    (reason) => event(viewer, attempted, ref.id, ref.patientId, { reason }, 'denied'),
    work,
  );
}
