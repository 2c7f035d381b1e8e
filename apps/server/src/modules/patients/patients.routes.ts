import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { errorEnvelopeSchema } from '@painlab/shared/errors';
import {
  claimInputSchema,
  createPatientSchema,
  deidentifiedPatientSchema,
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
import { access, defineRoute } from '../../http/access';
import { errorBody } from '../../http/errors';

const error = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelopeSchema } } });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const guarded = { 400: error('Invalid input'), 401: error('Not signed in'), 403: error('No permission') };
const idParam = z.strictObject({ id: z.string().max(100) });
const noteParam = z.strictObject({ id: z.string().max(100), noteId: z.string().max(100) });
const listFilters = patientListQuerySchema.omit({ cursor: true, limit: true });

export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const listPatientsRoute = defineRoute({
  method: 'get', path: '/api/patients', access: access.can('patients', 'view'), tags: ['patients'],
  summary:
    'Patients: filters, sort and keyset pages; or a typo-tolerant, accent-insensitive name search (`q`) answering its `limit` nearest names, with `more` when others match (no cursor). Researchers get de-identified rows.',
  request: { query: patientListQuerySchema },
  responses: { 200: json('A page', patientListSchema), ...guarded },
});

export const exportCsvRoute = defineRoute({
  method: 'get', path: '/api/patients/export.csv', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'The filtered list as CSV, streamed (staff only)',
  request: { query: listFilters },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...guarded },
});

export const importRoute = defineRoute({
  method: 'post', path: '/api/patients/import', access: access.can('patients', 'create'), tags: ['patients'],
  summary: 'Import patients from CSV: all-or-nothing or valid rows only, with a per-row report',
  middleware: [
    bodyLimit({
      maxSize: IMPORT_BODY_LIMIT,
      onError: (c) => {
        c.header('Connection', 'close');
        return c.json(errorBody(c as never, 'payload_too_large'), 413);
      },
    }),
  ],
  request: {
    query: z.strictObject({ mode: z.enum(IMPORT_MODES).default('all_or_nothing') }),
    body: { required: true, content: { 'text/csv': { schema: z.string() } } },
  },
  responses: { 200: json('Report', importReportSchema), 413: error('File over 10 MiB'), ...guarded },
});

export const specialistsRoute = defineRoute({
  method: 'get', path: '/api/specialists', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'Clinicians a patient can be assigned to',
  responses: { 200: json('Specialists', z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })), ...guarded },
});

export const createPatientRoute = defineRoute({
  method: 'post', path: '/api/patients', access: access.can('patients', 'create'), tags: ['patients'],
  summary: 'Create a patient', request: body(createPatientSchema),
  responses: { 201: json('Created', patientSchema), ...guarded },
});

export const getPatientRoute = defineRoute({
  method: 'get', path: '/api/patients/{id}', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'One patient (de-identified for researchers)', request: { params: idParam },
  responses: { 200: json('The patient', z.union([patientSchema, deidentifiedPatientSchema])), 404: error('No such patient'), ...guarded },
});

export const updatePatientRoute = defineRoute({
  method: 'patch', path: '/api/patients/{id}', access: access.can('patients', 'edit'), tags: ['patients'],
  summary: 'Change a patient; `version` must be the one read (409 otherwise)', request: { params: idParam, ...body(updatePatientSchema) },
  responses: { 200: json('Updated', patientSchema), 404: error('No such patient'), 409: error('Changed by someone else'), ...guarded },
});

export const archivePatientRoute = defineRoute({
  method: 'delete', path: '/api/patients/{id}', access: access.can('patients', 'delete'), tags: ['patients'],
  summary: 'Archive a patient', request: { params: idParam },
  responses: { 204: { description: 'Archived' }, 404: error('No such patient'), ...guarded },
});

export const statusHistoryRoute = defineRoute({
  method: 'get', path: '/api/patients/{id}/status-history', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'Status changes, newest first', request: { params: idParam },
  responses: { 200: json('History', z.object({ items: z.array(statusChangeSchema) })), 404: error('No such patient'), ...guarded },
});

export const listNotesRoute = defineRoute({
  method: 'get', path: '/api/patients/{id}/notes', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'Clinician notes, newest first', request: { params: idParam },
  responses: { 200: json('Notes', z.object({ items: z.array(noteSchema) })), 404: error('No such patient'), ...guarded },
});

export const addNoteRoute = defineRoute({
  method: 'post', path: '/api/patients/{id}/notes', access: access.can('patients', 'edit'), tags: ['patients'],
  summary: 'Add a note', request: { params: idParam, ...body(noteInputSchema) },
  responses: { 201: json('Note', noteSchema), 404: error('No such patient'), ...guarded },
});

export const amendNoteRoute = defineRoute({
  method: 'patch', path: '/api/patients/{id}/notes/{noteId}', access: access.can('patients', 'edit'), tags: ['patients'],
  summary: 'Amend your own note; the earlier text is kept', request: { params: noteParam, ...body(noteInputSchema) },
  responses: { 200: json('Note', noteSchema), 404: error('No such note'), ...guarded },
});

export const exportPatientRoute = defineRoute({
  method: 'get', path: '/api/patients/{id}/export', access: access.can('patients', 'view'), tags: ['patients'],
  summary: 'Download one record as JSON or as a FHIR R4 Bundle',
  request: { params: idParam, query: z.strictObject({ format: z.enum(['json', 'fhir']).default('json') }) },
  responses: { 200: { description: 'The record', content: { 'application/json': { schema: z.any() }, 'application/fhir+json': { schema: z.any() } } }, 404: error('No such patient'), ...guarded },
});

export const invitePatientRoute = defineRoute({
  method: 'post', path: '/api/patients/{id}/invite', access: access.can('patients', 'edit'), tags: ['patients'],
  summary: "Invite the patient to the portal (links their account to this record)", request: { params: idParam, ...body(inviteInputSchema) },
  responses: { 200: json('Invitation', inviteSchema), 404: error('No such patient'), 409: error('Already linked'), ...guarded },
});

export const claimRoute = defineRoute({
  method: 'post', path: '/api/portal/claim', access: access.authenticated, tags: ['portal'],
  summary: "Link the signed-in patient's account to the record of an invitation", request: body(claimInputSchema),
  responses: { 200: json('Linked', z.object({ patientId: z.string() })), 404: error('Unknown or expired invitation'), 409: error('Already linked'), ...guarded },
});

export const ownRecordRoute = defineRoute({
  method: 'get', path: '/api/portal/record', access: access.authenticated, tags: ['portal'],
  summary: "The signed-in patient's own record",
  responses: { 200: json('The record', patientSchema), 404: error('No linked record'), ...guarded },
});

export const ownAccessLogRoute = defineRoute({
  method: 'get', path: '/api/portal/record/access-log', access: access.authenticated, tags: ['portal'],
  summary: 'Who viewed or changed my record',
  responses: { 200: json('Accesses', z.object({ items: z.array(recordAccessSchema) })), 404: error('No linked record'), ...guarded },
});
