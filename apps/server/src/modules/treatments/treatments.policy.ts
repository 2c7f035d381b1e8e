/**
 * Who may do what with treatment plans (SPEC §6, ADR 0019): the route guard checks the matrix
 * (`treatments`: admin and specialist view, create, edit; admin deletes drafts; a patient — role
 * `user` — views; a researcher holds nothing and is refused by the guard). Row rules here: a patient
 * sees only their own plan (anyone else's is a 404) and is the only one who acknowledges it. Every
 * decision about a patient's plan is one audit row with the patient id.
 */
import { canSeeIdentified, type Role } from '@painlab/shared/permissions';
import { auditEvent, type Actor, type AuditEvent } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited, type RefusalAnswer } from '../../audit/refusals';
import type { Deps } from '../../http/types';

export type Viewer = Actor & { role: Role; userId: string };

export const isStaff = (viewer: Viewer) => canSeeIdentified(viewer.role);

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
    resource: 'treatments',
    recordId,
    patientId,
    details: details ?? null,
  });

export type Ref = { recordId: string | null; patientId: string | null };

/** One `denied` row committed on its own, then the error. */
export function refuse(
  deps: Deps,
  actor: Actor,
  attempted: string,
  ref: Ref,
  reason: string,
  answer: RefusalAnswer,
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    event(actor, attempted, ref.recordId, ref.patientId, { reason }, 'denied'),
    answer,
  );
}

/** A write whose refusals are decided in its transaction: the refusal's row is written on its own. */
export function auditingRefusals<T>(
  deps: Deps,
  actor: Actor,
  attempted: string,
  ref: Ref,
  work: () => Promise<T>,
): Promise<T> {
  return auditingDomainRefusals(
    deps.database.db,
    (reason) => event(actor, attempted, ref.recordId, ref.patientId, { reason }, 'denied'),
    work,
  );
}
