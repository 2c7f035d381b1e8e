/** Reminders' public links, patients' reminder preferences and the no-show report (ADR 0021). */
import { z } from '@hono/zod-openapi';
import {
  noShowReportQuerySchema,
  noShowReportSchema,
  reminderLinkInputSchema,
  reminderLinkResultSchema,
  reminderLinkViewSchema,
  reminderPreferenceSchema,
  updateReminderPreferenceSchema,
} from '@painlab/shared/reminders';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';
import { LINK_LIMIT_ERROR } from '../../http/address-limit';

const LINK =
  "Public: the token of a reminder's link (from the URL fragment), in the body so it never appears in a URL. An unknown or altered token (or one of the other purpose) is 404 `reminder_link_invalid`; a used link 410 `reminder_link_used`; a link past the appointment's start, or of an appointment moved since, 410 `reminder_link_expired`; a cancelled appointment 409 `appointment_cancelled`. Audited with the patient.";
const LINK_ERRORS = {
  404: 'Unknown or altered link',
  409: 'The appointment is cancelled',
  410: 'Expired or already used',
  429: LINK_LIMIT_ERROR,
};
const patientParam = z.strictObject({ patientId: z.string().max(100) });

export const linkViewRoute = defineRoute({
  method: 'post',
  path: '/api/appointment-links/view',
  access: access.public,
  operationId: 'viewAppointmentLink',
  tags: ['appointments'],
  summary: "What a reminder's confirm or cancel link is for (before acting)",
  description: LINK,
  request: jsonBody(
    reminderLinkInputSchema.extend({
      purpose: z.enum(['confirm', 'cancel'], { error: 'invalid_choice' }),
    }),
  ),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('The appointment', reminderLinkViewSchema) },
});

export const linkConfirmRoute = defineRoute({
  method: 'post',
  path: '/api/appointment-links/confirm',
  access: access.public,
  operationId: 'confirmAppointmentByLink',
  tags: ['appointments'],
  summary: 'The patient confirms they will come (uses the link)',
  description: LINK,
  request: jsonBody(reminderLinkInputSchema),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('Confirmed', reminderLinkResultSchema) },
});

export const linkCancelRoute = defineRoute({
  method: 'post',
  path: '/api/appointment-links/cancel',
  access: access.public,
  operationId: 'cancelAppointmentByLink',
  tags: ['appointments'],
  summary: 'The patient cancels (uses the link)',
  description: `${LINK} Up to the start; inside the clinic's notice period the outcome is \`cancelled_late\`.`,
  request: jsonBody(reminderLinkInputSchema),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('Cancelled', reminderLinkResultSchema) },
});

export const noShowReportRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/no-shows',
  access: access.can('appointments', 'delete'),
  operationId: 'noShowReport',
  tags: ['appointments'],
  summary: 'No-shows per month and specialist, and the patients who missed visits (administrators)',
  description:
    'Months `from`..`to` (YYYY-MM, at most 24) in the clinic zone. One audit row per patient listed.',
  request: { query: noShowReportQuerySchema },
  responses: { 200: jsonResponse('The report', noShowReportSchema) },
});

export const getPreferenceRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/reminder-preferences/{patientId}',
  access: access.can('appointments', 'view'),
  operationId: 'getReminderPreference',
  tags: ['appointments'],
  summary: "How a patient is reminded (staff; the chart's appointments tab)",
  request: { params: patientParam },
  responses: { 200: jsonResponse('The preference', reminderPreferenceSchema) },
});

export const putPreferenceRoute = defineRoute({
  method: 'put',
  path: '/api/appointments/reminder-preferences/{patientId}',
  access: access.can('appointments', 'edit'),
  operationId: 'updateReminderPreference',
  tags: ['appointments'],
  summary: 'Change how a patient is reminded (staff)',
  request: { params: patientParam, ...jsonBody(updateReminderPreferenceSchema) },
  responses: { 200: jsonResponse('The preference', reminderPreferenceSchema) },
});
