/**
 * Patients (SPEC §3–§5): the enums, constants and helpers of `patients.ts` without zod, so that code
 * which needs only these (the patient list's filters and its data request, issue 8) does not load the
 * schema chunk. `patients.ts` re-exports everything here: import from there unless the zod-free
 * path matters.
 */

export const GENDERS = ['male', 'female', 'other'] as const;
export const CATEGORIES = [
  'chronic_pain',
  'post_surgery',
  'preventive_care',
  'acute_condition',
  'rehabilitation',
  'geriatric',
  'pediatric',
  'mental_health',
  'other',
] as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const STATUSES = ['new', 'in_treatment', 'follow_up', 'discharged', 'inactive'] as const;
export const PATIENT_SORTS = ['name', '-name', '-updatedAt', 'priority'] as const;

export type Gender = (typeof GENDERS)[number];
export type Category = (typeof CATEGORIES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type PatientStatus = (typeof STATUSES)[number];
export type PatientSort = (typeof PATIENT_SORTS)[number];

/** SPEC §4 colours: high red, medium yellow, low green, anything else grey. */
export const PRIORITY_COLOURS: Record<string, 'red' | 'yellow' | 'green' | 'grey'> = {
  high: 'red',
  medium: 'yellow',
  low: 'green',
};
export function priorityColour(priority: string): 'red' | 'yellow' | 'green' | 'grey' {
  return PRIORITY_COLOURS[priority.toLowerCase()] ?? 'grey';
}

export const LIMITS = {
  name: 120,
  contact: 40,
  email: 254,
  listItem: 200,
  listItems: 50,
  longText: 10_000,
  note: 20_000,
} as const;

/** Age in whole years on `today` (UTC dates). */
export function ageFrom(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

/**
 * The list parameters that identify a person: a de-identified view (researchers) refuses them, since
 * a name search or a name order would tell who is a patient and link them to their de-identified row.
 */
export const IDENTIFYING_LIST_PARAMS = ['q'] as const;
/** The sort orders a de-identified view may use (name orders, and name tie-breaks, would leak names). */
export const DEIDENTIFIED_SORTS = [
  '-updatedAt',
  'priority',
] as const satisfies readonly PatientSort[];

export const IMPORT_MODES = ['all_or_nothing', 'valid_only'] as const;
export const CSV_COLUMNS = [
  'name',
  'birthDate',
  'gender',
  'category',
  'priority',
  'status',
  'contactNumber',
  'email',
  'symptoms',
  'medicalHistory',
  'currentMedications',
  'allergies',
] as const;
