/** Rows to the API's shapes (packages/shared/src/patients.ts). */
import {
  ageFrom,
  type DeidentifiedPatient,
  type Note,
  type Patient,
  type PatientFieldsParsed,
  type PatientListItem,
} from '@painlab/shared/patients';
import type { ListRow } from './list.repository';
import type { listNotes } from './notes.repository';
import type { PatientRow, PatientWrite } from './patients.query';
import type { Viewer } from './patients.policy';

export const iso = (d: Date) => d.toISOString();

export function toPatient(row: PatientRow, invitedAt: Date | null): Patient {
  return {
    id: row.id,
    name: row.name,
    birthDate: row.birthDate,
    age: ageFrom(row.birthDate),
    gender: row.gender,
    category: row.category,
    priority: row.priority,
    status: row.status,
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

export function toListItem(row: ListRow): PatientListItem {
  return {
    id: row.id,
    name: row.name,
    age: ageFrom(row.birthDate),
    gender: row.gender,
    category: row.category,
    priority: row.priority,
    status: row.status,
    nextAppointment: null,
    progress: null,
    assignedSpecialist:
      row.assignedSpecialistId && row.assignedSpecialistName
        ? { id: row.assignedSpecialistId, name: row.assignedSpecialistName }
        : null,
    updatedAt: iso(row.updatedAt),
  };
}

export function deidentify(
  p: Pick<Patient, 'id' | 'age' | 'gender' | 'category' | 'priority' | 'status'>,
): DeidentifiedPatient {
  return {
    id: p.id,
    age: p.age,
    gender: p.gender,
    category: p.category,
    priority: p.priority,
    status: p.status,
  };
}

export function toWrite(fields: PatientFieldsParsed): PatientWrite {
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

export function toNote(viewer: Viewer, n: Awaited<ReturnType<typeof listNotes>>[number]): Note {
  return {
    id: n.id,
    body: n.body,
    author: { id: n.authorId ?? '', name: n.authorName ?? '—' },
    createdAt: iso(n.createdAt),
    amendments: n.amendments.map((a) => ({ body: a.body, createdAt: iso(a.writtenAt) })),
    editable: n.authorId === viewer.userId,
  };
}
