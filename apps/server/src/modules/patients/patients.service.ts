/**
 * Patient rules. Staff (admin, specialist) see identified records; a researcher, who holds
 * `patients:view`, sees them de-identified and never notes, exports or history; a patient sees only
 * their own record, through the portal endpoints. Every read and write appends an audit row naming
 * the patient, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  ageFrom,
  patientFieldsSchema,
  type Patient,
  type PatientFieldsParsed,
  type PatientListItem,
  type UpdatePatientParsed,
  type ImportReport,
} from '@painlab/shared/patients';
import type { Role } from '@painlab/shared/permissions';
import { appendAudit, appendAuditMany, auditEvent, type Actor, type AuditEvent } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import { ApiError } from '../../http/errors';
import type { Deps } from '../../http/types';
import {
  accessLog,
  allPatients,
  amendNote,
  archivePatientRow,
  BadCursorError,
  findNote,
  findPatient,
  findPatientByUser,
  findUsableInvite,
  insertInvite,
  insertNote,
  insertPatients,
  inviteTokenHash,
  isSpecialistOrAdmin,
  linkPatientToUser,
  listNotes,
  listPatients,
  listSpecialists,
  pendingInvite,
  readChartAudited,
  statusHistory,
  updatePatientRow,
  type ListFilter,
  type ListRow,
  type PatientRow,
  type PatientWrite,
} from './patients.repository';

export type Viewer = Actor & { role: Role; userId: string };

const INVITE_DAYS = 7;

export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'specialist';
}

function requireStaff(viewer: Viewer, action: string) {
  if (!isStaff(viewer.role)) throw new ApiError(403, 'forbidden', { action, resource: 'patients' });
}

const iso = (d: Date) => d.toISOString();

export function toPatient(row: PatientRow, invitedAt: Date | null): Patient {
  return {
    id: row.id,
    name: row.name,
    birthDate: row.birthDate,
    age: ageFrom(row.birthDate),
    gender: row.gender as Patient['gender'],
    category: row.category as Patient['category'],
    priority: row.priority as Patient['priority'],
    status: row.status as Patient['status'],
    contactNumber: row.contactNumber,
    email: row.email,
    symptoms: row.symptoms,
    medicalHistory: row.medicalHistory,
    currentMedications: row.currentMedications,
    allergies: row.allergies,
    assignedSpecialist:
      row.assignedSpecialistId && row.assignedSpecialistName
        ? { id: row.assignedSpecialistId, name: row.assignedSpecialistName }
        : null,
    portal: row.userId
      ? { state: 'linked', invitedAt: null }
      : invitedAt
        ? { state: 'invited', invitedAt: iso(invitedAt) }
        : { state: 'none', invitedAt: null },
    nextAppointment: null,
    progress: null,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toListItem(row: ListRow): PatientListItem {
  return {
    id: row.id,
    name: row.name,
    age: ageFrom(row.birthDate),
    gender: row.gender as Patient['gender'],
    category: row.category as Patient['category'],
    priority: row.priority as Patient['priority'],
    status: row.status as Patient['status'],
    nextAppointment: null,
    progress: null,
    assignedSpecialist:
      row.assignedSpecialistId && row.assignedSpecialistName
        ? { id: row.assignedSpecialistId, name: row.assignedSpecialistName }
        : null,
    updatedAt: iso(row.updatedAt),
  };
}

function deidentify(p: { id: string; age: number; gender: string; category: string; priority: string; status: string }) {
  return { id: p.id, age: p.age, gender: p.gender, category: p.category, priority: p.priority, status: p.status };
}

function toWrite(fields: PatientFieldsParsed): PatientWrite {
  return {
    name: fields.name,
    birthDate: fields.birthDate,
    gender: fields.gender,
    category: fields.category,
    priority: fields.priority,
    status: fields.status,
    contactNumber: fields.contactNumber ?? null,
    email: fields.email ?? null,
    symptoms: fields.symptoms,
    medicalHistory: fields.medicalHistory ?? null,
    currentMedications: fields.currentMedications,
    allergies: fields.allergies,
    assignedSpecialistId: fields.assignedSpecialistId ?? null,
  };
}

const event = (viewer: Actor, action: string, patientId: string | null, details?: AuditEvent['details']) =>
  auditEvent(viewer, { action, outcome: 'success', resource: 'patients', recordId: patientId, patientId, details: details ?? null });

async function checkSpecialist(deps: Deps, id: string | null | undefined) {
  if (id && !(await isSpecialistOrAdmin(deps.database.db, id))) {
    throw new ApiError(400, 'validation_failed', {}, [
      { path: 'assignedSpecialistId', code: 'invalid_value', message: 'invalid_choice' },
    ]);
  }
}

// ---------------------------------------------------------------- list, read, write

export async function listForViewer(deps: Deps, viewer: Viewer, filter: ListFilter, cursor: string | undefined, limit: number) {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const page = await listPatients(tx, filter, cursor, limit);
      const items = page.rows.map(toListItem);
      await appendAudit(
        tx,
        event(viewer, 'patients.list', null, {
          count: items.length,
          ids: items.map((i) => i.id).join(','),
          search: Boolean(filter.q),
          deidentified: !isStaff(viewer.role),
        }),
      );
      return { items: isStaff(viewer.role) ? items : items.map(deidentify), nextCursor: page.nextCursor, more: page.more };
    });
  } catch (error) {
    if (error instanceof BadCursorError) {
      throw new ApiError(400, 'validation_failed', {}, [{ path: 'cursor', code: 'invalid_cursor', message: 'invalid_cursor' }]);
    }
    throw error;
  }
}

export async function createPatient(deps: Deps, viewer: Viewer, fields: PatientFieldsParsed): Promise<Patient> {
  requireStaff(viewer, 'create');
  await checkSpecialist(deps, fields.assignedSpecialistId);
  return deps.database.db.transaction(async (tx) => {
    const [id] = await insertPatients(tx, [toWrite(fields)], viewer.userId);
    await appendAudit(tx, event(viewer, 'patients.create', id!));
    return toPatient((await findPatient(tx, id!))!, null);
  });
}

/** The hot path of a chart: the read and its audit row in one statement, committed before we answer. */
export async function readPatient(deps: Deps, viewer: Viewer, id: string) {
  const audit = event(viewer, 'patients.view', id, isStaff(viewer.role) ? null : { deidentified: true });
  const found = await readChartAudited(deps.database, id, audit);
  if (!found) throw new ApiError(404, 'not_found');
  const patient = toPatient(found.row, found.row.userId ? null : found.invitedAt);
  return isStaff(viewer.role) ? patient : deidentify(patient);
}

export async function updatePatient(deps: Deps, viewer: Viewer, id: string, input: UpdatePatientParsed): Promise<Patient> {
  requireStaff(viewer, 'edit');
  const { version, ...changes } = input;
  const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<PatientWrite>;
  await checkSpecialist(deps, patch.assignedSpecialistId);
  return deps.database.db.transaction(async (tx) => {
    const result = await updatePatientRow(tx, id, version, patch, viewer.userId);
    if (result === null) throw new ApiError(404, 'not_found');
    if (result === 'conflict') throw new ApiError(409, 'conflict');
    await appendAudit(tx, event(viewer, 'patients.edit', id, { fields: Object.keys(patch).sort().join(',') }));
    const invite = result.userId ? null : await pendingInvite(tx, id);
    return toPatient(result, invite?.createdAt ?? null);
  });
}

export async function archivePatient(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (!(await archivePatientRow(tx, id))) throw new ApiError(404, 'not_found');
    await appendAudit(tx, event(viewer, 'patients.archive', id));
  });
}

async function withIdentifiedPatient<T>(deps: Deps, viewer: Viewer, id: string, action: string, read: (tx: Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0], row: PatientRow) => Promise<T>) {
  requireStaff(viewer, 'view');
  return deps.database.db.transaction(async (tx) => {
    const row = await findPatient(tx, id);
    if (!row) throw new ApiError(404, 'not_found');
    const result = await read(tx, row);
    await appendAudit(tx, event(viewer, action, id));
    return result;
  });
}

export function readStatusHistory(deps: Deps, viewer: Viewer, id: string) {
  return withIdentifiedPatient(deps, viewer, id, 'patients.status_history.view', async (tx) =>
    (await statusHistory(tx, id)).map((r) => ({
      id: r.id,
      fromStatus: r.fromStatus as Patient['status'] | null,
      toStatus: r.toStatus as Patient['status'],
      changedAt: iso(r.changedAt),
      changedBy: r.changedById && r.changedByName ? { id: r.changedById, name: r.changedByName } : null,
    })),
  );
}

function toNote(viewer: Viewer, n: Awaited<ReturnType<typeof listNotes>>[number]) {
  return {
    id: n.id,
    body: n.body,
    author: { id: n.authorId ?? '', name: n.authorName ?? '—' },
    createdAt: iso(n.createdAt),
    amendments: n.amendments.map((a) => ({ body: a.body, createdAt: iso(a.writtenAt) })),
    editable: n.authorId === viewer.userId,
  };
}

export function readNotes(deps: Deps, viewer: Viewer, id: string) {
  return withIdentifiedPatient(deps, viewer, id, 'patients.notes.view', async (tx) =>
    (await listNotes(tx, id)).map((n) => toNote(viewer, n)),
  );
}

export async function addNote(deps: Deps, viewer: Viewer, id: string, body: string) {
  requireStaff(viewer, 'edit');
  return deps.database.db.transaction(async (tx) => {
    if (!(await findPatient(tx, id))) throw new ApiError(404, 'not_found');
    const noteId = await insertNote(tx, id, viewer.userId, body);
    await appendAudit(tx, event(viewer, 'patients.notes.create', id, { noteId }));
    return toNote(viewer, (await listNotes(tx, id)).find((n) => n.id === noteId)!);
  });
}

export async function amendOwnNote(deps: Deps, viewer: Viewer, id: string, noteId: string, body: string) {
  requireStaff(viewer, 'edit');
  return deps.database.db.transaction(async (tx) => {
    if (!(await findPatient(tx, id))) throw new ApiError(404, 'not_found');
    const note = await findNote(tx, id, noteId);
    if (!note) throw new ApiError(404, 'not_found');
    if (note.authorId !== viewer.userId) throw new ApiError(403, 'forbidden', { action: 'edit', resource: 'this note' });
    await amendNote(tx, noteId, note, body);
    await appendAudit(tx, event(viewer, 'patients.notes.amend', id, { noteId }));
    return toNote(viewer, (await listNotes(tx, id)).find((n) => n.id === noteId)!);
  });
}

export function exportPatient(deps: Deps, viewer: Viewer, id: string, format: 'json' | 'fhir') {
  return withIdentifiedPatient(deps, viewer, id, `patients.export_${format}`, async (_tx, row) => toPatient(row, null));
}

/** The CSV export streams batches; one audit row records the export and the filters' shape. */
export async function* exportCsv(deps: Deps, viewer: Viewer, filter: ListFilter): AsyncGenerator<Patient[]> {
  requireStaff(viewer, 'view');
  await deps.database.db.transaction((tx) =>
    appendAudit(tx, event(viewer, 'patients.export_csv', null, { search: Boolean(filter.q) })),
  );
  for await (const rows of allPatients(deps.database.db, filter)) yield rows.map((r) => toPatient(r, null));
}

// ---------------------------------------------------------------- import

export async function importPatients(
  deps: Deps,
  viewer: Viewer,
  rows: { row: number; fields: Record<string, unknown> }[],
  mode: ImportReport['mode'],
): Promise<ImportReport> {
  requireStaff(viewer, 'create');
  const issues: ImportReport['issues'] = [];
  const valid: PatientFieldsParsed[] = [];
  for (const { row, fields } of rows) {
    const { __extraCells, ...input } = fields;
    if (__extraCells) issues.push({ row, field: 'row', error: 'too_many_cells' });
    const parsed = patientFieldsSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) issues.push({ row, field: issue.path.join('.') || 'row', error: issue.message });
    } else if (!__extraCells) {
      valid.push(parsed.data);
    }
  }
  const rejectedRows = new Set(issues.map((i) => i.row)).size;
  const report = (imported: number): ImportReport => ({
    mode,
    totalRows: rows.length,
    imported,
    rejected: rows.length - imported,
    issues: issues.slice(0, 1000),
  });
  if (rows.length === 0 || (mode === 'all_or_nothing' && rejectedRows > 0) || valid.length === 0) return report(0);
  await deps.database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < valid.length; i += 500) {
      ids.push(...(await insertPatients(tx, valid.slice(i, i + 500).map(toWrite), viewer.userId)));
    }
    await appendAuditMany(tx, [
      event(viewer, 'patients.import', null, { imported: ids.length, rejected: rejectedRows, mode }),
      ...ids.map((id) => event(viewer, 'patients.create', id, { via: 'import' })),
    ]);
  });
  return report(valid.length);
}

// ---------------------------------------------------------------- portal

export async function invitePatient(
  deps: Deps,
  viewer: Viewer,
  id: string,
  to: { email?: string; phone?: string },
) {
  requireStaff(viewer, 'edit');
  const channel = to.email ? 'email' : 'phone';
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  await deps.database.db.transaction(async (tx) => {
    const row = await findPatient(tx, id);
    if (!row) throw new ApiError(404, 'not_found');
    if (row.userId) throw new ApiError(409, 'conflict');
    await insertInvite(tx, { patientId: id, tokenHash: inviteTokenHash(token), channel, createdBy: viewer.userId, expiresAt });
    await appendAudit(tx, event(viewer, 'patients.invite', id, { channel }));
  });
  const link = `${baseUrlOf(deps.env)}/register?invite=${token}`;
  // E-mail when SMTP is configured; otherwise (or for a phone number: no SMS gateway yet) the
  // clinician gets the link to pass on.
  if (to.email && deps.mailer) {
    try {
      await deps.mailer.send({ to: to.email, ...inviteMail(deps.env.CLINIC_NAME, link, INVITE_DAYS) });
      return { link, expiresAt: iso(expiresAt), delivered: 'email' as const };
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message, requestId: viewer.requestId }, 'invitation e-mail not sent');
    }
  }
  return { link, expiresAt: iso(expiresAt), delivered: 'none' as const };
}

/** The invitation e-mail, in Spanish and English (the patient's language is not known yet). */
function inviteMail(clinic: string, link: string, days: number) {
  return {
    subject: `${clinic}: invitación a su área de paciente / invitation to your patient area`,
    text: [
      `${clinic} le invita a su área de paciente, donde podrá ver su ficha y quién la ha consultado.`,
      `Cree su cuenta con este enlace (válido ${days} días):`,
      link,
      '',
      `${clinic} invites you to your patient area, where you can see your record and who has viewed it.`,
      `Create your account with this link (valid for ${days} days):`,
      link,
    ].join('\n'),
  };
}

export async function claimInvite(deps: Deps, viewer: Viewer, token: string) {
  if (viewer.role !== 'user') throw new ApiError(403, 'forbidden', { action: 'link', resource: 'a patient record' });
  return deps.database.db.transaction(async (tx) => {
    if (await findPatientByUser(tx, viewer.userId)) throw new ApiError(409, 'conflict');
    const invite = await findUsableInvite(tx, inviteTokenHash(token));
    if (!invite) throw new ApiError(404, 'not_found');
    if (!(await linkPatientToUser(tx, invite.patientId, viewer.userId, invite.id))) throw new ApiError(409, 'conflict');
    await appendAudit(tx, auditEvent(viewer, { action: 'portal.claim', outcome: 'success', resource: 'patients', recordId: invite.patientId, patientId: invite.patientId }));
    return { patientId: invite.patientId };
  });
}

export async function ownRecord(deps: Deps, viewer: Viewer): Promise<Patient> {
  return deps.database.db.transaction(async (tx) => {
    const row = await findPatientByUser(tx, viewer.userId);
    if (!row) throw new ApiError(404, 'not_found');
    await appendAudit(tx, auditEvent(viewer, { action: 'portal.view_own', outcome: 'success', resource: 'patients', recordId: row.id, patientId: row.id }));
    return toPatient(row, null);
  });
}

export async function ownAccessLog(deps: Deps, viewer: Viewer) {
  const row = await findPatientByUser(deps.database.db, viewer.userId);
  if (!row) throw new ApiError(404, 'not_found');
  return (await accessLog(deps.database.db, row.id, viewer.userId)).map((r) => ({
    at: r.at,
    who: r.who ?? '—',
    role: r.role,
    action: r.action,
  }));
}

export function specialists(deps: Deps) {
  return listSpecialists(deps.database.db);
}
