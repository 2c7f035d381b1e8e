/**
 * Patients (SPEC §3–§5): one schema per input and response, used by the form, the API contract and
 * the tests. Message keys (e.g. 'name_required') are translated by the web app; the API sends them
 * in `error.details[].message`.
 */
import { z } from 'zod';
import { isCalendarDate } from './dates';
import { ONE_LINE } from './text';
import {
  ageFrom,
  CATEGORIES,
  GENDERS,
  IMPORT_MODES,
  LIMITS,
  PATIENT_SORTS,
  PRIORITIES,
  STATUSES,
} from './patients-constants';

export * from './patients-constants';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const birthDateSchema = z
  .string()
  .regex(isoDate, { error: 'invalid_date' })
  .refine(isCalendarDate, { error: 'invalid_date' })
  .refine(
    (v) => ageFrom(v) > 0 || (ageFrom(v) === 0 && Date.parse(`${v}T00:00:00Z`) <= Date.now()),
    {
      error: 'age_positive',
    },
  )
  .refine((v) => ageFrom(v) <= 130, { error: 'age_too_high' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const list = z
  .array(
    z.string().trim().min(1, { error: 'required' }).max(LIMITS.listItem, { error: 'too_long' }),
  )
  .max(LIMITS.listItems, { error: 'too_many' });

/** The fields a clinician enters (SPEC §3 Patient, plus status and the assigned specialist). */
const patientFields = {
  name: z
    .string()
    .trim()
    .min(1, { error: 'name_required' })
    .max(LIMITS.name, { error: 'too_long' })
    .regex(ONE_LINE, { error: 'one_line' }),
  birthDate: birthDateSchema,
  gender: z.enum(GENDERS, { error: 'invalid_choice' }),
  category: z.enum(CATEGORIES, { error: 'invalid_choice' }),
  priority: z.enum(PRIORITIES, { error: 'invalid_choice' }),
  status: z.enum(STATUSES, { error: 'invalid_choice' }),
  contactNumber: optionalText(LIMITS.contact).refine(
    (v) => v == null || /^[+()0-9 .-]{6,40}$/.test(v),
    {
      error: 'invalid_phone',
    },
  ),
  email: z
    .string()
    .trim()
    .max(LIMITS.email, { error: 'too_long' })
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .nullable()
    .optional()
    .refine((v) => v == null || z.email().safeParse(v).success, { error: 'invalid_email' }),
  symptoms: list,
  medicalHistory: optionalText(LIMITS.longText),
  currentMedications: list,
  allergies: list,
  assignedSpecialistId: z.string().max(100).nullable().optional(),
};

/** A new patient: status defaults to `new`, lists to empty. */
export const patientFieldsSchema = z.strictObject({
  ...patientFields,
  status: patientFields.status.default('new'),
  symptoms: list.default([]),
  currentMedications: list.default([]),
  allergies: list.default([]),
});
export type PatientFields = z.input<typeof patientFieldsSchema>;
export type PatientFieldsParsed = z.output<typeof patientFieldsSchema>;

/**
 * A new patient as the API takes it: `allowDuplicate` confirms that a patient with the same name and
 * birth date is really someone else (otherwise the API answers 409 `duplicate_patient` with the matches).
 */
export const createPatientSchema = patientFieldsSchema.extend({
  allowDuplicate: z.boolean().optional(),
});
export type CreatePatientParsed = z.output<typeof createPatientSchema>;

/** One existing patient a new one may duplicate (same normalised name and birth date). */
export const duplicateMatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  birthDate: z.string(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
/** The 409 answer to a create that matches existing patients (its `details` are not field issues). */
export const duplicatePatientErrorSchema = z.object({
  error: z.object({
    code: z.literal('duplicate_patient'),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.object({ matches: z.array(duplicateMatchSchema) }),
  }),
});

/**
 * An edit sends only the fields it changes, and the version it was based on; a stale version is
 * answered with 409. No defaults here: a field that is not sent is not touched.
 */
export const updatePatientSchema = z
  .strictObject(patientFields)
  .partial()
  .extend({ version: z.number().int().min(1) })
  .strict();
export type UpdatePatientInput = z.input<typeof updatePatientSchema>;
export type UpdatePatientParsed = z.output<typeof updatePatientSchema>;

export const patientSchema = z.object({
  id: z.string(),
  name: z.string(),
  birthDate: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  category: z.enum(CATEGORIES),
  priority: z.enum(PRIORITIES),
  status: z.enum(STATUSES),
  contactNumber: z.string().nullable(),
  email: z.string().nullable(),
  symptoms: z.array(z.string()),
  medicalHistory: z.string().nullable(),
  currentMedications: z.array(z.string()),
  allergies: z.array(z.string()),
  assignedSpecialist: z.object({ id: z.string(), name: z.string() }).nullable(),
  portal: z.object({
    state: z.enum(['none', 'invited', 'linked']),
    invitedAt: z.string().nullable(),
  }),
  /** From the appointments module; null until it exists. */
  nextAppointment: z.string().nullable(),
  /** From treatment plans (0–100); null until they exist. */
  progress: z.number().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** One row of the list (SPEC §3 list columns). */
export const patientListItemSchema = patientSchema.pick({
  id: true,
  name: true,
  age: true,
  gender: true,
  category: true,
  priority: true,
  status: true,
  nextAppointment: true,
  progress: true,
  assignedSpecialist: true,
  updatedAt: true,
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/** What a researcher sees (ARCHITECTURE "Spec readings"): no name, contact, birth date or free text. */
export const deidentifiedPatientSchema = patientSchema.pick({
  id: true,
  age: true,
  gender: true,
  category: true,
  priority: true,
  status: true,
});
export type DeidentifiedPatient = z.infer<typeof deidentifiedPatientSchema>;

const multi = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',').filter(Boolean),
    z.array(z.enum(values)).max(values.length).optional(),
  );

export const patientListQuerySchema = z.strictObject({
  q: z.string().trim().max(LIMITS.name).optional(),
  category: multi(CATEGORIES),
  priority: multi(PRIORITIES),
  status: multi(STATUSES),
  specialistId: z.string().max(100).optional(),
  /** Default `name` for staff, `-updatedAt` for de-identified views (which may not sort by name). */
  sort: z.enum(PATIENT_SORTS).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientListSchema = z.object({
  items: z.array(patientListItemSchema),
  /** The next keyset page; always null for a search, which answers its nearest `limit` names. */
  nextCursor: z.string().nullable(),
  /** More rows match than were sent (for a search: refine the term to see them). */
  more: z.boolean(),
});

export const statusChangeSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(STATUSES).nullable(),
  toStatus: z.enum(STATUSES),
  changedAt: z.string(),
  changedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** The list as a de-identified view (researchers) gets it. */
export const deidentifiedPatientListSchema = patientListSchema.extend({
  items: z.array(deidentifiedPatientSchema),
});

/** Clinician notes: timestamped, authored; an edit by the author adds an amendment, never overwrites. */
export const noteInputSchema = z.strictObject({
  body: z.string().trim().min(1, { error: 'required' }).max(LIMITS.note, { error: 'too_long' }),
});
export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** Earlier texts of this note, oldest first. */
  amendments: z.array(z.object({ body: z.string(), createdAt: z.string() })),
  editable: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

export const inviteInputSchema = z
  .strictObject({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'invalid_email' }))
      .optional(),
    phone: z
      .string()
      .trim()
      .regex(/^[+()0-9 .-]{6,40}$/, { error: 'invalid_phone' })
      .optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.phone), { error: 'email_or_phone' });
export const inviteSchema = z.object({
  /** The sign-up link for the patient; shown to staff when no e-mail or SMS could be sent. */
  link: z.string(),
  expiresAt: z.string(),
  delivered: z.enum(['email', 'none']),
});
export const claimInputSchema = z.strictObject({ token: z.string().min(10).max(200) });

/** "Who viewed my record": one row per access, with who and what, never the data itself. */
export const recordAccessSchema = z.object({
  at: z.string(),
  who: z.string(),
  role: z.string().nullable(),
  action: z.string(),
});

export const importIssueSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  error: z.string(),
});
export const importReportSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  totalRows: z.number().int(),
  imported: z.number().int(),
  /** Rows with at least one error (each bad field is reported once, with its first error). */
  rejected: z.number().int(),
  /** Rows not imported: the rows with errors, or, in `all_or_nothing` mode with any error, every row. */
  notImported: z.number().int(),
  issues: z.array(importIssueSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
