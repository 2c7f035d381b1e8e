/**
 * Who may see what of a patient record, and the audit row of each decision. Staff (`canSeeIdentified`)
 * see identified records; a researcher, who holds `patients:view`, sees them de-identified and never
 * notes, exports or history. Every refusal decided here is audited, with the patient id.
 */
import { canSeeIdentified, type Role } from '@painlab/shared/permissions';
import {
  appendAudit,
  auditEvent,
  recordAudit,
  type Actor,
  type AuditEvent,
  type Tx,
} from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { findPatient } from './chart.repository';
import type { PatientRow } from './patients.query';
import type { PermissionTerm } from '@painlab/shared/errors';

export type Viewer = Actor & { role: Role; userId: string };

/** A successful access to patient data, as its audit row. */
export const event = (
  viewer: Actor,
  action: string,
  patientId: string | null,
  details?: AuditEvent['details'],
) =>
  auditEvent(viewer, {
    action,
    outcome: 'success',
    resource: 'patients',
    recordId: patientId,
    patientId,
    details: details ?? null,
  });

/**
 * A refusal decided here (not by the route guard): one `denied` audit row, committed on its own (the
 * caller's transaction, if any, rolls back with the error), naming the patient when there is one.
 */
export async function refuse(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  patientId: string | null,
  reason: string,
  message: { action: PermissionTerm; resource: PermissionTerm } = {
    action: 'view',
    resource: 'identified patient records',
  },
): Promise<never> {
  await recordAudit(
    deps.database.db,
    auditEvent(viewer, {
      action: attempted,
      outcome: 'denied',
      resource: 'patients',
      recordId: patientId,
      patientId,
      details: { reason },
    }),
  );
  throw DomainError.forbidden(message.action, message.resource);
}

/** Identified records (and everything that shows them: notes, history, exports, writes) are for staff only. */
export async function requireIdentified(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  patientId: string | null,
  action: PermissionTerm = 'view',
) {
  if (!canSeeIdentified(viewer.role)) {
    await refuse(deps, viewer, attempted, patientId, 'deidentified_only', {
      action,
      resource: 'identified patient records',
    });
  }
}

/** Reads an identified record (staff only) and audits `action` in the same transaction. */
export async function withIdentifiedPatient<T>(
  deps: Deps,
  viewer: Viewer,
  id: string,
  action: string,
  read: (tx: Tx, row: PatientRow) => Promise<T>,
): Promise<T> {
  await requireIdentified(deps, viewer, action, id);
  return deps.database.db.transaction(async (tx) => {
    const row = await findPatient(tx, id);
    if (!row) throw DomainError.notFound();
    const result = await read(tx, row);
    await appendAudit(tx, event(viewer, action, id));
    return result;
  });
}
