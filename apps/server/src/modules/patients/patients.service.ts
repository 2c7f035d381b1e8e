/**
 * The patient record: create (with the duplicate check), the audited chart read, edit, archive,
 * status history and the one-record export. Lists: `list.service.ts`; notes: `notes.service.ts`;
 * import: `import.service.ts`; portal invitations: `invitations.service.ts`.
 */
import type { CreatePatientParsed, Patient, UpdatePatientParsed } from '@painlab/shared/patients';
import { canSeeIdentified } from '@painlab/shared/permissions';
import { appendAudit, appendAuditMany } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { nextAppointments } from '../appointments/appointments.service';
import { DomainError } from '../../lib/domain-error';
import { resultsForExport } from '../questionnaires/questionnaires.service';
import { progressOfPatients } from '../treatments/treatments.service';
import { isClinician } from '../users/users.service';
import {
  archivePatientRow,
  findPatient,
  findPatientByUser,
  findSameNameAndBirthDate,
  insertPatients,
  readChartAudited,
  statusHistory,
  updatePatientRow,
} from './chart.repository';
import { pendingInvite } from './invitations.repository';
import { listNotes } from './notes.repository';
import { deidentify, toNote, toPatient, toWrite } from './patients.mapping';
import { event, requireIdentified, withIdentifiedPatient, type Viewer } from './patients.policy';
import type { PatientWrite } from './patients.query';

export type { Viewer } from './patients.policy';

const iso = (d: Date) => d.toISOString();

/** An assigned specialist must be a clinician (users module). */
export async function checkSpecialist(deps: Deps, id: string | null | undefined) {
  if (id && !(await isClinician(deps, id)))
    throw DomainError.invalidField('assignedSpecialistId', 'invalid_value', 'invalid_choice');
}

/**
 * Creates a patient. One whose normalised name (case, accents, spaces) and birth date match a live
 * patient is refused with `duplicate_patient` and the matches, unless `allowDuplicate` confirms it.
 */
export async function createPatient(
  deps: Deps,
  viewer: Viewer,
  input: CreatePatientParsed,
): Promise<Patient> {
  await requireIdentified(deps, viewer, 'patients.create', null, 'create');
  const { allowDuplicate, ...fields } = input;
  await checkSpecialist(deps, fields.assignedSpecialistId);
  if (!allowDuplicate) {
    // The warning names the matching patients: a disclosure of their records, audited per patient
    // (and committed: nothing else happens) before the refusal.
    const matches = await deps.database.db.transaction(async (tx) => {
      const found = await findSameNameAndBirthDate(tx, fields.name, fields.birthDate);
      await appendAuditMany(
        tx,
        found.map((m) => event(viewer, 'patients.duplicate_match', m.id)),
      );
      return found;
    });
    if (matches.length) throw DomainError.duplicatePatient(matches);
  }
  return deps.database.db.transaction(async (tx) => {
    const [id] = await insertPatients(tx, [toWrite(fields)], viewer.userId);
    await appendAudit(tx, event(viewer, 'patients.create', id!));
    return toPatient((await findPatient(tx, id!))!, null);
  });
}

/** The hot path of a chart: the read and its audit row in one statement, committed before we answer. */
export async function readPatient(deps: Deps, viewer: Viewer, id: string) {
  const identified = canSeeIdentified(viewer.role);
  const audit = event(viewer, 'patients.view', id, identified ? null : { deidentified: true });
  const found = await readChartAudited(deps.database, id, audit);
  if (!found) throw DomainError.notFound();
  const patient = toPatient(found.row, found.row.userId ? null : found.invitedAt);
  if (!identified) return deidentify(patient);
  // the next visit comes from the appointments module, the progress from treatment plans
  const [next, progress] = await Promise.all([
    nextAppointments(deps.database.db, [id]),
    progressOfPatients(deps.database.db, [id]),
  ]);
  return { ...patient, nextAppointment: next.get(id) ?? null, progress: progress.get(id) ?? null };
}

export async function updatePatient(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: UpdatePatientParsed,
): Promise<Patient> {
  await requireIdentified(deps, viewer, 'patients.edit', id, 'edit');
  const { version, ...changes } = input;
  const patch = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as Partial<PatientWrite>;
  await checkSpecialist(deps, patch.assignedSpecialistId);
  return deps.database.db.transaction(async (tx) => {
    const result = await updatePatientRow(tx, id, version, patch, viewer.userId);
    if (result === null) throw DomainError.notFound();
    if (result === 'conflict') throw DomainError.conflict();
    await appendAudit(
      tx,
      event(viewer, 'patients.edit', id, { fields: Object.keys(patch).sort().join(',') }),
    );
    const invite = result.userId ? null : await pendingInvite(tx, id);
    return toPatient(result, invite?.createdAt ?? null);
  });
}

export async function archivePatient(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (!(await archivePatientRow(tx, id))) throw DomainError.notFound();
    await appendAudit(tx, event(viewer, 'patients.archive', id));
  });
}

export function readStatusHistory(deps: Deps, viewer: Viewer, id: string) {
  return withIdentifiedPatient(deps, viewer, id, 'patients.status_history.view', async (tx) =>
    (await statusHistory(tx, id)).map((r) => ({
      id: r.id,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      changedAt: iso(r.changedAt),
      changedBy:
        r.changedById && r.changedByName ? { id: r.changedById, name: r.changedByName } : null,
    })),
  );
}

/** One record for download (JSON, or FHIR with its notes), audited as `patients.export_<format>`. */
export function exportPatient(deps: Deps, viewer: Viewer, id: string, format: 'json' | 'fhir') {
  return withIdentifiedPatient(deps, viewer, id, `patients.export_${format}`, async (tx, row) => ({
    patient: toPatient(row, null),
    notes: format === 'fhir' ? (await listNotes(tx, id)).map((n) => toNote(viewer, n)) : [],
    // questionnaire results export with the FHIR bundle (questionnaires module, ADR 0016)
    questionnaires: format === 'fhir' ? await resultsForExport(tx, id) : [],
  }));
}

/** The patient record linked to a signed-in patient's account, if any (for the portal). */
export async function linkedPatient(deps: Deps, userId: string): Promise<{ id: string } | null> {
  const row = await findPatientByUser(deps.database.db, userId);
  return row ? { id: row.id } : null;
}

/** What messaging needs of a patient: the portal account, the care team and where to send a notice. */
export interface MessagingContact {
  id: string;
  name: string;
  /** The patient's portal account (null: not invited or not signed up yet). */
  userId: string | null;
  /** The assigned specialist: the patient's care team. */
  specialistId: string | null;
  email: string | null;
  phone: string | null;
}

const toContact = (
  row: NonNullable<Awaited<ReturnType<typeof findPatient>>>,
): MessagingContact => ({
  id: row.id,
  name: row.name,
  userId: row.userId,
  specialistId: row.assignedSpecialistId,
  email: row.email,
  phone: row.contactNumber,
});

/**
 * A live patient as messaging needs it (messages module), by record id or by portal account. Not
 * audited here: the caller audits the message it reads or writes with the patient id.
 */
export async function messagingContact(
  deps: Deps,
  by: { patientId: string } | { userId: string },
): Promise<MessagingContact | null> {
  const db = deps.database.db;
  const row =
    'patientId' in by
      ? await findPatient(db, by.patientId)
      : await findPatientByUser(db, by.userId);
  return row ? toContact(row) : null;
}

/** Portal invitations, for other modules' demo data (messages seed): invite, then claim. */
export { claimInvite, invitePatient } from './invitations.service';
