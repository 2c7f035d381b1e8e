/**
 * The one select of patients (with their assigned specialist's name) every query of the module
 * builds on, the columns of a record, and what "live" (not archived) and the search key are.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Category, Gender, PatientStatus, Priority } from '@painlab/shared/patients';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { patient, user } from '../../db/schema';

export type Q = Db | Tx;

export const specialist = alias(user, 'specialist');

export const patientColumns = {
  id: patient.id,
  name: patient.name,
  nameSearch: patient.nameSearch,
  birthDate: patient.birthDate,
  gender: patient.gender,
  category: patient.category,
  priority: patient.priority,
  status: patient.status,
  contactNumber: patient.contactNumber,
  email: patient.email,
  symptoms: patient.symptoms,
  medicalHistory: patient.medicalHistory,
  currentMedications: patient.currentMedications,
  allergies: patient.allergies,
  assignedSpecialistId: patient.assignedSpecialistId,
  assignedSpecialistName: specialist.name,
  userId: patient.userId,
  version: patient.version,
  createdAt: patient.createdAt,
  updatedAt: patient.updatedAt,
};

/** `columns` of patients joined to their assigned specialist (`specialist.*` may be selected). */
export function selectPatients<C extends SelectedFields>(db: Q, columns: C) {
  return db
    .select(columns)
    .from(patient)
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId));
}

/** A patient as `patientColumns` selects it. */
export type PatientRow = Awaited<ReturnType<typeof selectPatients<typeof patientColumns>>>[number];

export type PatientWrite = {
  name: string;
  birthDate: string;
  gender: Gender;
  category: Category;
  priority: Priority;
  status: PatientStatus;
  contactNumber: string | null;
  email: string | null;
  symptoms: string[];
  medicalHistory: string | null;
  currentMedications: string[];
  allergies: string[];
  assignedSpecialistId: string | null;
};

/** `patient_search_key` (migration 0006): lower case, no accents, no apostrophes. */
export const searchable = (name: string) => sql`patient_search_key(${name})`;
export const live = isNull(patient.deletedAt);
