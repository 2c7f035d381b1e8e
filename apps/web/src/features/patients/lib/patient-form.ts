/**
 * The patient form (create and edit) on top of the shared `patientFieldsSchema`: every input is a
 * string (list fields are one entry per line), turned into the API's fields and then validated by
 * the shared schema itself, so the form, the API and the tests agree on every rule and message key.
 */
import {
  ageFrom,
  birthDateSchema,
  patientFieldsSchema,
  type Patient,
  type PatientFields,
  type PatientFieldsParsed,
} from '@painlab/shared/patients';
import { z } from 'zod';

/** The form's fields: the shared schema's, in its order. */
export const PATIENT_FORM_FIELDS = patientFieldsSchema.keyof().options;
export type PatientFormField = (typeof PATIENT_FORM_FIELDS)[number];
export type PatientFormValues = Record<PatientFormField, string>;

/** What the shared schema puts in a field that is left out, if anything (`status` → 'new', lists → []). */
function schemaDefault(field: PatientFormField): unknown {
  const result = patientFieldsSchema.shape[field].safeParse(undefined);
  return result.success ? result.data : undefined;
}

/** The list fields (one entry per line in the form): those the shared schema defaults to an empty list. */
export const LIST_FIELDS = PATIENT_FORM_FIELDS.filter((field) =>
  Array.isArray(schemaDefault(field)),
);

/** One entry per line; blank lines and surrounding spaces are dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A new patient: every field empty but those with a default in the shared schema (status `new`). */
export const EMPTY_FORM = Object.fromEntries(
  PATIENT_FORM_FIELDS.map((field) => {
    const value = schemaDefault(field);
    return [field, typeof value === 'string' ? value : ''];
  }),
) as PatientFormValues;

const formShape = Object.fromEntries(PATIENT_FORM_FIELDS.map((f) => [f, z.string()])) as Record<
  PatientFormField,
  z.ZodString
>;

/**
 * The form's strings as the API's fields: list fields split into lines, no specialist as null, the
 * rest as typed. Enum values are passed through unchecked (the type says what they should be);
 * `patientFieldsSchema`, piped after this, rejects anything else.
 */
export function formToFields(values: PatientFormValues): PatientFields {
  const fields: Record<string, unknown> = {
    ...values,
    birthDate: values.birthDate.trim(),
    assignedSpecialistId: values.assignedSpecialistId || null,
  };
  for (const field of LIST_FIELDS) fields[field] = splitLines(values[field]);
  return fields as PatientFields;
}

/** Form strings in, the shared schema's output (what the API is sent) out. */
export const patientFormSchema = z
  .object(formShape)
  .transform(formToFields)
  .pipe(patientFieldsSchema);

/** A saved patient in the form: lists one entry per line, missing values empty, the specialist by id. */
export function patientToFormValues(patient: Patient): PatientFormValues {
  return Object.fromEntries(
    PATIENT_FORM_FIELDS.map((field) => {
      const value =
        field === 'assignedSpecialistId' ? patient.assignedSpecialist?.id : patient[field];
      return [field, Array.isArray(value) ? value.join('\n') : (value ?? '')];
    }),
  ) as PatientFormValues;
}

/**
 * The body of `PATCH /api/patients/{id}`: the version the edit started from and only the fields
 * whose value changed (compared after normalisation, so re-typing the same text changes nothing).
 */
export function buildPatientUpdate(
  values: PatientFieldsParsed,
  base: PatientFieldsParsed,
  version: number,
): { version: number } & Partial<PatientFieldsParsed> {
  const changed: Partial<Record<keyof PatientFieldsParsed, unknown>> = {};
  for (const key of Object.keys(values) as (keyof PatientFieldsParsed)[]) {
    if (JSON.stringify(values[key] ?? null) !== JSON.stringify(base[key] ?? null))
      changed[key] = values[key] ?? null;
  }
  return { version, ...(changed as Partial<PatientFieldsParsed>) };
}

/** The shared schemas' message keys that have a translation (`patients:validation.<key>`). */
export const VALIDATION_KEYS = [
  'name_required',
  'age_positive',
  'age_too_high',
  'invalid_email',
  'invalid_date',
  'invalid_phone',
  'too_long',
  'too_many',
  'required',
  'invalid_choice',
  'email_or_phone',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number] | 'invalid';

export function validationKey(message: string | undefined): ValidationKey | undefined {
  if (!message) return undefined;
  return (VALIDATION_KEYS as readonly string[]).includes(message)
    ? (message as ValidationKey)
    : 'invalid';
}

/** The form field an API issue path points at (`symptoms.2` → `symptoms`), if it is one. */
export function formFieldOfPath(path: string): PatientFormField | undefined {
  const head = path.replace(/^[/.]+/, '').split(/[./[]/)[0] ?? '';
  return (PATIENT_FORM_FIELDS as readonly string[]).includes(head)
    ? (head as PatientFormField)
    : undefined;
}

/**
 * The first message in a react-hook-form error entry. A list field's error may sit on one of its
 * lines (`errors.symptoms[3].message`) rather than on the field itself.
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return record.message;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** Age in whole years from a birth date being typed, or null while it is not a valid birth date. */
export function derivedAge(birthDate: string, today: Date = new Date()): number | null {
  return birthDateSchema.safeParse(birthDate).success ? ageFrom(birthDate, today) : null;
}
