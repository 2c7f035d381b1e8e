/**
 * Who may read and write which thread, and the audit row of each decision. Messaging is not in the
 * SPEC §6 matrix (`/messages` is open to every signed-in user), so the rules are here (ADR 0018):
 * - a thread is read and written by its participants only; anyone else gets 404, as if it did not
 *   exist (audited as refused, with the patient id when the thread is about a patient);
 * - a patient (role `user`) starts threads only with their own care team (their assigned
 *   specialist), never chooses recipients;
 * - clinicians (admin, specialist) start threads with a patient (who has a portal account) or with
 *   colleagues; a researcher only with colleagues (they see no identified data) and never joins a
 *   patient's thread.
 * Message content is patient data: every read and write of a patient thread is an audit row with
 * the patient id, and refusals are always audited. The content itself is never logged.
 */
import { canSeeIdentified, type Role } from '@painlab/shared/permissions';
import type { PermissionTerm } from '@painlab/shared/errors';
import { auditEvent, recordAudit, type Actor, type AuditEvent } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';

export type Viewer = Actor & { role: Role; userId: string };

export const isClinician = (viewer: { role: Role }) => canSeeIdentified(viewer.role);
export const isStaffRole = (role: string | null) =>
  role === 'admin' || role === 'specialist' || role === 'researcher';

export interface ThreadRef {
  id: string | null;
  patientId: string | null;
}

/** A decision about a thread, as its audit row (patient id when the thread is about one). */
export const event = (
  actor: Actor,
  action: string,
  thread: ThreadRef,
  details?: AuditEvent['details'],
  outcome: AuditEvent['outcome'] = 'success',
) =>
  auditEvent(actor, {
    action,
    outcome,
    resource: 'messages',
    recordId: thread.id,
    patientId: thread.patientId,
    details: details ?? null,
  });

/**
 * A refusal decided here: one `denied` audit row committed on its own, then a 404 for a thread the
 * viewer may not see, or a 403.
 */
export async function refuse(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  thread: ThreadRef,
  reason: string,
  answer: 'not_found' | { action: PermissionTerm; resource: PermissionTerm },
): Promise<never> {
  await recordAudit(deps.database.db, event(viewer, attempted, thread, { reason }, 'denied'));
  throw answer === 'not_found'
    ? DomainError.notFound()
    : DomainError.forbidden(answer.action, answer.resource);
}

/** Runs a write whose refusals are decided inside its transaction: each is audited on its own. */
export async function auditingRefusals<T>(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  thread: ThreadRef,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError)
      await recordAudit(
        deps.database.db,
        event(viewer, attempted, thread, { reason: error.code }, 'denied'),
      );
    throw error;
  }
}
