/**
 * Who may do what with questionnaires (ADR 0016). Questionnaires are patient data but not a resource
 * of the SPEC §6 matrix, so they follow the patients resource:
 * - staff (`canSeeIdentified`: admin, specialist) assign (`patients:edit`), read results
 *   (`patients:view`) and enter answers from paper (`patients:edit`) for any patient;
 * - a researcher holds `patients:view` but sees no identified data: every questionnaire route
 *   refuses them (403, audited) — answers are tied to one identified record;
 * - a patient (role `user`) reads and fills only their own assignments; anyone else's is a 404;
 * - the signed link in a notice fills its one assignment without signing in.
 * Every decision about a patient's questionnaires is one audit row with the patient id.
 */
import { canSeeIdentified, type Role } from '@painlab/shared/permissions';
import type { PermissionTerm } from '@painlab/shared/errors';
import { auditEvent, type Actor, type AuditEvent } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited } from '../../audit/refusals';
import type { Deps } from '../../http/types';
import { type DomainError } from '../../lib/domain-error';

export type Viewer = Actor & { role: Role; userId: string };

/** The signed link's holder: nobody signed in; audited as `questionnaire-link`. */
export const linkActor = (base: Actor): Actor => ({
  ...base,
  userId: null,
  role: 'questionnaire-link',
});

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
    resource: 'questionnaires',
    recordId,
    patientId,
    details: details ?? null,
  });

/** One `denied` row committed on its own, then the error (404 for what the viewer may not see). */
export async function refuse(
  deps: Deps,
  actor: Actor,
  attempted: string,
  ref: { recordId: string | null; patientId: string | null },
  reason: string,
  answer: 'not_found' | { action: PermissionTerm; resource: PermissionTerm } | DomainError,
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    event(actor, attempted, ref.recordId, ref.patientId, { reason }, 'denied'),
    answer,
  );
}

/** Staff only (researchers are refused: no identified data). */
export async function requireStaff(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  patientId: string | null,
  action: 'view' | 'edit',
) {
  if (!isStaff(viewer))
    await refuse(
      deps,
      viewer,
      attempted,
      { recordId: null, patientId },
      viewer.role === 'researcher' ? 'deidentified_only' : 'staff_only',
      viewer.role === 'researcher'
        ? { action: 'view', resource: 'identified patient records' }
        : { action, resource: 'questionnaires' },
    );
}

/**
 * Runs a write whose refusals are decided inside its transaction (stale version, already submitted,
 * bad answers): the transaction rolls back, so the refusal's row is written on its own.
 */
export async function auditingRefusals<T>(
  deps: Deps,
  actor: Actor,
  attempted: string,
  ref: { recordId: string | null; patientId: string | null },
  work: () => Promise<T>,
): Promise<T> {
  return auditingDomainRefusals(
    deps.database.db,
    (reason) => event(actor, attempted, ref.recordId, ref.patientId, { reason }, 'denied'),
    work,
  );
}
