import { z } from '@hono/zod-openapi';
import { limitBody } from '../../http/body-limit';
import {
  claimInputSchema,
  createPatientSchema,
  deidentifiedPatientListSchema,
  deidentifiedPatientSchema,
  duplicatePatientErrorSchema,
  IMPORT_MODES,
  importReportSchema,
  inviteInputSchema,
  inviteSchema,
  noteInputSchema,
  noteSchema,
  patientListQuerySchema,
  patientListSchema,
  patientSchema,
  recordAccessSchema,
  statusChangeSchema,
  updatePatientSchema,
} from '@painlab/shared/patients';
import { access } from '../../http/access';
import { defineRoute, errorResponse, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const noteParam = z.strictObject({ id: z.string().max(100), noteId: z.string().max(100) });
const listFilters = patientListQuerySchema.omit({ cursor: true, limit: true });
const items = <T extends z.ZodType>(name: string, schema: T) =>
  named(name, z.object({ items: z.array(schema) }));

const specialistListSchema = items(
  'SpecialistList',
  named('Specialist', z.object({ id: z.string(), name: z.string() })),
);
const statusHistorySchema = items('StatusHistory', statusChangeSchema);
const noteListSchema = items('NoteList', noteSchema);
const accessLogSchema = items('RecordAccessList', recordAccessSchema);
const portalLinkSchema = named('PortalLink', z.object({ patientId: z.string() }));

export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const listPatientsRoute = defineRoute({
  method: 'get',
  path: '/api/patients',
  access: access.can('patients', 'view'),
  operationId: 'listPatients',
  tags: ['patients'],
  summary: 'Patients: filtered, sorted and paged, or searched by name',
  description:
    'Filters, sort and keyset pages; or a typo-tolerant, accent-insensitive name search (`q`) answering its `limit` nearest names, with `more` when others match (no cursor). Researchers get de-identified rows.',
  request: { query: patientListQuerySchema },
  responses: {
    200: jsonResponse(
      'A page (de-identified rows for researchers, who may not search or sort by name)',
      z.union([patientListSchema, deidentifiedPatientListSchema]),
    ),
  },
});

export const exportCsvRoute = defineRoute({
  method: 'get',
  path: '/api/patients/export.csv',
  access: access.can('patients', 'view'),
  operationId: 'exportPatientsCsv',
  tags: ['patients'],
  summary: 'The filtered list as CSV, streamed (staff only)',
  description:
    'The same filters as the list; UTF-8 with a byte-order mark, one row per patient. Researchers are refused (403).',
  request: { query: listFilters },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
});

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/patients/import',
  access: access.can('patients', 'create'),
  operationId: 'importPatientsCsv',
  tags: ['patients'],
  summary: 'Import patients from CSV',
  description:
    'The raw CSV file as the body (`text/csv` only; UTF-8 or Windows-1252, comma or semicolon). `all_or_nothing` imports every row or none; `valid_only` imports the valid rows. The report lists each rejected row.',
  middleware: [limitBody(IMPORT_BODY_LIMIT)],
  request: {
    query: z.strictObject({ mode: z.enum(IMPORT_MODES).default('all_or_nothing') }),
    body: {
      required: true,
      content: {
        'text/csv': {
          schema: z.string().openapi({ description: 'The CSV file, with a header row' }),
        },
      },
    },
  },
  errors: { 413: 'File over 10 MiB' },
  responses: {
    200: jsonResponse('Report', importReportSchema),
    400: errorResponse('Not a readable CSV file (encoding, header, size), or invalid query'),
  },
});

export const specialistsRoute = defineRoute({
  method: 'get',
  path: '/api/specialists',
  access: access.can('patients', 'view'),
  operationId: 'listSpecialists',
  tags: ['patients'],
  summary: 'Clinicians a patient can be assigned to',
  description: 'Every account with the specialist role, by name.',
  responses: { 200: jsonResponse('Specialists', specialistListSchema) },
});

export const createPatientRoute = defineRoute({
  method: 'post',
  path: '/api/patients',
  access: access.can('patients', 'create'),
  operationId: 'createPatient',
  tags: ['patients'],
  summary: 'Create a patient',
  description:
    'Staff only. The new record starts at version 1. The same name (compared without case or accents) and birth date as a live patient is a 409 `duplicate_patient` listing the matches, unless `allowDuplicate` is true.',
  request: jsonBody(createPatientSchema),
  responses: {
    201: jsonResponse('Created', patientSchema),
    409: jsonResponse('Possible duplicate: the matches', duplicatePatientErrorSchema),
  },
});

export const getPatientRoute = defineRoute({
  method: 'get',
  path: '/api/patients/{id}',
  access: access.can('patients', 'view'),
  operationId: 'getPatient',
  tags: ['patients'],
  summary: 'One patient',
  description: 'The full record for staff; de-identified for researchers.',
  request: { params: idParam },
  errors: { 404: 'No such patient' },
  responses: {
    200: jsonResponse('The patient', z.union([patientSchema, deidentifiedPatientSchema])),
  },
});

export const updatePatientRoute = defineRoute({
  method: 'patch',
  path: '/api/patients/{id}',
  access: access.can('patients', 'edit'),
  operationId: 'updatePatient',
  tags: ['patients'],
  summary: 'Change a patient',
  description: '`version` must be the one read: a stale edit gets 409 and changes nothing.',
  request: { params: idParam, ...jsonBody(updatePatientSchema) },
  errors: { 404: 'No such patient', 409: 'Changed by someone else since it was read' },
  responses: { 200: jsonResponse('Updated', patientSchema) },
});

export const archivePatientRoute = defineRoute({
  method: 'delete',
  path: '/api/patients/{id}',
  access: access.can('patients', 'delete'),
  operationId: 'archivePatient',
  tags: ['patients'],
  summary: 'Archive a patient',
  description: 'The record is kept (archived), not erased.',
  request: { params: idParam },
  errors: { 404: 'No such patient' },
  responses: { 204: { description: 'Archived' } },
});

export const statusHistoryRoute = defineRoute({
  method: 'get',
  path: '/api/patients/{id}/status-history',
  access: access.can('patients', 'view'),
  operationId: 'listPatientStatusHistory',
  tags: ['patients'],
  summary: 'Status changes, newest first',
  description: 'Who changed the status, from what, to what, and when.',
  request: { params: idParam },
  errors: { 404: 'No such patient' },
  responses: { 200: jsonResponse('History', statusHistorySchema) },
});

export const listNotesRoute = defineRoute({
  method: 'get',
  path: '/api/patients/{id}/notes',
  access: access.can('patients', 'view'),
  operationId: 'listPatientNotes',
  tags: ['patients'],
  summary: 'Clinician notes, newest first',
  description: 'Staff only; each note with its earlier texts.',
  request: { params: idParam },
  errors: { 404: 'No such patient' },
  responses: { 200: jsonResponse('Notes', noteListSchema) },
});

export const addNoteRoute = defineRoute({
  method: 'post',
  path: '/api/patients/{id}/notes',
  access: access.can('patients', 'edit'),
  operationId: 'addPatientNote',
  tags: ['patients'],
  summary: 'Add a note',
  description: 'A clinician note signed by the caller.',
  request: { params: idParam, ...jsonBody(noteInputSchema) },
  errors: { 404: 'No such patient' },
  responses: { 201: jsonResponse('Note', noteSchema) },
});

export const amendNoteRoute = defineRoute({
  method: 'patch',
  path: '/api/patients/{id}/notes/{noteId}',
  access: access.can('patients', 'edit'),
  operationId: 'amendPatientNote',
  tags: ['patients'],
  summary: 'Amend your own note',
  description: 'Only the author amends a note; the earlier text is kept.',
  request: { params: noteParam, ...jsonBody(noteInputSchema) },
  errors: { 404: 'No such note' },
  responses: { 200: jsonResponse('Note', noteSchema) },
});

export const exportPatientRoute = defineRoute({
  method: 'get',
  path: '/api/patients/{id}/export',
  access: access.can('patients', 'view'),
  operationId: 'exportPatient',
  tags: ['patients'],
  summary: 'Download one record as JSON or as a FHIR R4 Bundle',
  description:
    '`format=json`: `{ exportedAt, patient }`; `format=fhir`: a FHIR R4 Bundle (`application/fhir+json`). Staff only.',
  request: {
    params: idParam,
    query: z.strictObject({ format: z.enum(['json', 'fhir']).default('json') }),
  },
  errors: { 404: 'No such patient' },
  responses: {
    200: {
      description: 'The record, as an attachment',
      content: {
        'application/json': {
          schema: z.object({ exportedAt: z.string(), patient: patientSchema }),
        },
        'application/fhir+json': {
          schema: z
            .object({ resourceType: z.literal('Bundle') })
            .loose()
            .openapi({ description: 'A FHIR R4 Bundle' }),
        },
      },
    },
  },
});

export const invitePatientRoute = defineRoute({
  method: 'post',
  path: '/api/patients/{id}/invite',
  access: access.can('patients', 'edit'),
  operationId: 'invitePatient',
  tags: ['patients'],
  summary: 'Invite the patient to the portal',
  description:
    'Makes an invitation link (mailed when SMTP is configured) that links the account that claims it to this record.',
  request: { params: idParam, ...jsonBody(inviteInputSchema) },
  errors: { 404: 'No such patient', 409: 'Already linked to an account' },
  responses: { 200: jsonResponse('Invitation', inviteSchema) },
});

export const claimRoute = defineRoute({
  method: 'post',
  path: '/api/portal/claim',
  access: access.authenticated,
  operationId: 'claimPortalInvitation',
  tags: ['portal'],
  summary: "Link the signed-in patient's account to the record of an invitation",
  description: 'One record per account and one account per record.',
  request: jsonBody(claimInputSchema),
  errors: { 404: 'Unknown or expired invitation', 409: 'Already linked' },
  responses: { 200: jsonResponse('Linked', portalLinkSchema) },
});

export const ownRecordRoute = defineRoute({
  method: 'get',
  path: '/api/portal/record',
  access: access.authenticated,
  operationId: 'getOwnRecord',
  tags: ['portal'],
  summary: "The signed-in patient's own record",
  description: 'Only the record linked to this account.',
  errors: { 404: 'No linked record' },
  responses: { 200: jsonResponse('The record', patientSchema) },
});

export const ownAccessLogRoute = defineRoute({
  method: 'get',
  path: '/api/portal/record/access-log',
  access: access.authenticated,
  operationId: 'getOwnAccessLog',
  tags: ['portal'],
  summary: 'Who viewed or changed my record',
  description: 'From the audit log: each access to the linked record, newest first.',
  errors: { 404: 'No linked record' },
  responses: { 200: jsonResponse('Accesses', accessLogSchema) },
});
