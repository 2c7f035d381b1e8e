import { z } from '@hono/zod-openapi';
import {
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentSettingsSchema,
  appointmentTypeSchema,
  availabilityExceptionInputSchema,
  availabilityExceptionSchema,
  availabilitySchema,
  bookableSpecialistListSchema,
  calendarDateSchema,
  cancelAppointmentSchema,
  createAppointmentSchema,
  createSeriesSchema,
  seriesCreatedSchema,
  seriesPreviewSchema,
  myAppointmentsSchema,
  rebookAppointmentSchema,
  requestAppointmentSchema,
  rescheduleAppointmentSchema,
  slotListSchema,
  slotQuerySchema,
  transitionAppointmentSchema,
  updateAppointmentSettingsSchema,
  weeklyAvailabilityInputSchema,
} from '@painlab/shared/appointments';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const specialistParam = z.strictObject({ specialistId: z.string().max(100) });
const typeListSchema = named(
  'AppointmentTypeList',
  z.object({ items: z.array(appointmentTypeSchema) }),
);

const WHO =
  'Staff (admin, specialist) see every appointment; a patient only those of their own record (any other answers 404). Researchers hold no appointments permission.';
const TAKEN =
  'The specialist already has an appointment at that time (`slot_taken`), or a stale `version` (`conflict`)';

export const typesRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/types',
  access: access.can('appointments', 'view'),
  operationId: 'listAppointmentTypes',
  tags: ['appointments'],
  summary: 'Appointment types (a patient: those they may book)',
  responses: { 200: jsonResponse('Types', typeListSchema) },
});

export const specialistsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/specialists',
  access: access.can('appointments', 'view'),
  operationId: 'listBookableSpecialists',
  tags: ['appointments'],
  summary: 'Specialists appointments may be booked with',
  responses: { 200: jsonResponse('Specialists', bookableSpecialistListSchema) },
});

export const settingsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/settings',
  access: access.can('appointments', 'view'),
  operationId: 'getAppointmentSettings',
  tags: ['appointments'],
  summary: "The clinic's booking rules (patient booking mode, cancellation notice, zone)",
  responses: { 200: jsonResponse('Settings', appointmentSettingsSchema) },
});

export const updateSettingsRoute = defineRoute({
  method: 'patch',
  path: '/api/appointments/settings',
  access: access.can('appointments', 'edit'),
  operationId: 'updateAppointmentSettings',
  tags: ['appointments'],
  summary: "Change the clinic's booking rules (administrators)",
  request: jsonBody(updateAppointmentSettingsSchema),
  responses: { 200: jsonResponse('Settings', appointmentSettingsSchema) },
});

export const slotsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/slots',
  access: access.can('appointments', 'view'),
  operationId: 'searchAppointmentSlots',
  tags: ['appointments'],
  summary: 'Free slots of a type with a specialist over local days',
  description:
    "The specialist's weekly hours (each in its IANA zone, so DST moves the UTC times, not the local ones) plus extra hours, minus absences and the time held by appointments that are not cancelled (their buffers included), from now on. At most 62 days. A patient may search only the types they may book.",
  request: { query: slotQuerySchema },
  responses: { 200: jsonResponse('Free slots, soonest first', slotListSchema) },
});

export const mineRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/mine',
  access: access.can('appointments', 'view'),
  operationId: 'listMyAppointments',
  tags: ['appointments'],
  summary: "The signed-in patient's own appointments, upcoming and past",
  description: 'Empty for an account with no patient record. Audited with the patient.',
  responses: { 200: jsonResponse('Own appointments', myAppointmentsSchema) },
});

export const requestRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/mine',
  access: access.can('appointments', 'view'),
  operationId: 'requestAppointment',
  tags: ['appointments'],
  summary: 'A patient books or requests a free slot for themselves',
  description:
    "By the clinic's setting: `self` books it confirmed, `request` leaves it pending until staff confirm, `view` refuses (403). The time must be one of the free slots (409 `slot_unavailable`); taken meanwhile is 409 `slot_taken`.",
  request: jsonBody(requestAppointmentSchema),
  errors: { 409: 'Not a free slot, or taken meanwhile' },
  responses: { 201: jsonResponse('Booked or requested', appointmentSchema) },
});

export const patientAppointmentsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/patient/{patientId}',
  access: access.can('appointments', 'view'),
  operationId: 'listPatientAppointments',
  tags: ['appointments'],
  summary: "A patient's appointments, latest first (staff: the chart's tab)",
  description:
    'At most 200 (`truncated` says there were more). Audited with the patient. Anyone but staff is refused (403, audited).',
  request: { params: z.strictObject({ patientId: z.string().max(100) }) },
  responses: { 200: jsonResponse('Appointments', appointmentListSchema) },
});

export const availabilityRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/availability/{specialistId}',
  access: access.can('appointments', 'view'),
  operationId: 'getAvailability',
  tags: ['appointments'],
  summary: "A specialist's weekly hours and exceptions (staff)",
  request: {
    params: specialistParam,
    query: z.strictObject({
      from: calendarDateSchema.optional(),
      to: calendarDateSchema.optional(),
    }),
  },
  responses: { 200: jsonResponse('Availability', availabilitySchema) },
});

export const replaceHoursRoute = defineRoute({
  method: 'put',
  path: '/api/appointments/availability/{specialistId}',
  access: access.can('appointments', 'edit'),
  operationId: 'replaceWeeklyHours',
  tags: ['appointments'],
  summary: "Replace a specialist's weekly hours (their own; administrators anyone's)",
  request: { params: specialistParam, ...jsonBody(weeklyAvailabilityInputSchema) },
  responses: { 200: jsonResponse('Availability', availabilitySchema) },
});

export const addExceptionRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/availability/{specialistId}/exceptions',
  access: access.can('appointments', 'edit'),
  operationId: 'addAvailabilityException',
  tags: ['appointments'],
  summary: 'Add an absence or one-off extra hours',
  request: { params: specialistParam, ...jsonBody(availabilityExceptionInputSchema) },
  responses: { 201: jsonResponse('Exception', availabilityExceptionSchema) },
});

export const deleteExceptionRoute = defineRoute({
  method: 'delete',
  path: '/api/appointments/availability/{specialistId}/exceptions/{exceptionId}',
  access: access.can('appointments', 'edit'),
  operationId: 'deleteAvailabilityException',
  tags: ['appointments'],
  summary: 'Remove an absence or extra hours',
  request: {
    params: z.strictObject({
      specialistId: z.string().max(100),
      exceptionId: z.string().max(100),
    }),
  },
  responses: { 204: { description: 'Removed' } },
});

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/appointments',
  access: access.can('appointments', 'view'),
  operationId: 'listAppointments',
  tags: ['appointments'],
  summary: 'Appointments starting in a range, soonest first (the agenda)',
  description: `${WHO} At most 62 days and \`limit\` rows (\`truncated\` says there were more). Only staff filter by patient. Each appointment listed is an audit row with its patient.`,
  request: { query: appointmentListQuerySchema },
  responses: { 200: jsonResponse('Appointments', appointmentListSchema) },
});

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/appointments',
  access: access.can('appointments', 'create'),
  operationId: 'createAppointment',
  tags: ['appointments'],
  summary: 'Book an appointment for a patient (staff)',
  description:
    "Confirmed by default. The end is the type's duration; its buffer follows. Any time the specialist is free (outside the weekly hours too). Two bookings of one slot: one wins, the other is 409 `slot_taken` (an exclusion constraint in the database).",
  request: jsonBody(createAppointmentSchema),
  errors: { 409: 'The specialist already has an appointment at that time (`slot_taken`)' },
  responses: { 201: jsonResponse('Booked', appointmentSchema) },
});

const SERIES =
  "The first visit as for one booking, then `count` visits (2–52) `intervalWeeks` (1–4) apart at the same wall-clock time in the visit's zone (kept across DST changes).";

export const seriesPreviewRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/series/preview',
  access: access.can('appointments', 'create'),
  operationId: 'previewAppointmentSeries',
  tags: ['appointments'],
  summary: 'The dates of a recurring series and which are taken, before booking (staff)',
  description: `${SERIES} Nothing is saved; the patient is named in the audit row.`,
  request: jsonBody(createSeriesSchema),
  responses: {
    200: jsonResponse('The dates', named('AppointmentSeriesPreview', seriesPreviewSchema)),
  },
});

export const seriesCreateRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/series',
  access: access.can('appointments', 'create'),
  operationId: 'createAppointmentSeries',
  tags: ['appointments'],
  summary: 'Book a recurring series for a patient (staff)',
  description: `${SERIES} One transaction: a date another visit holds refuses the whole series (409 \`series_conflict\`, the dates in \`details.conflicts\`) unless \`skipConflicts\` books only the free dates; a booking racing the series makes it 409 \`slot_taken\` with nothing saved. Each visit is audited with the patient; the patient is told once.`,
  request: jsonBody(createSeriesSchema),
  errors: { 409: 'Dates taken (`series_conflict`), or a race lost (`slot_taken`)' },
  responses: {
    201: jsonResponse('Booked', named('AppointmentSeriesCreated', seriesCreatedSchema)),
  },
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/{id}',
  access: access.can('appointments', 'view'),
  operationId: 'getAppointment',
  tags: ['appointments'],
  summary: 'One appointment',
  description: WHO,
  request: { params: idParam },
  responses: { 200: jsonResponse('The appointment', appointmentSchema) },
});

export const icsRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/{id}/ics',
  access: access.can('appointments', 'view'),
  operationId: 'getAppointmentIcs',
  tags: ['appointments'],
  summary: 'The appointment as an iCalendar file, with reminders 24 h and 2 h before',
  description: `${WHO} In the request's language.`,
  request: { params: idParam },
  responses: {
    200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
  },
});

export const rescheduleRoute = defineRoute({
  method: 'patch',
  path: '/api/appointments/{id}',
  access: access.can('appointments', 'edit'),
  operationId: 'rescheduleAppointment',
  tags: ['appointments'],
  summary: 'Move an appointment to another time (and specialist)',
  description: 'Pending or confirmed only. The new time must be free (409 `slot_taken`).',
  request: { params: idParam, ...jsonBody(rescheduleAppointmentSchema) },
  errors: { 409: TAKEN },
  responses: { 200: jsonResponse('Moved', appointmentSchema) },
});

export const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/appointments/{id}',
  access: access.can('appointments', 'delete'),
  operationId: 'deleteAppointment',
  tags: ['appointments'],
  summary: 'Remove an appointment booked in error (administrators)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' } },
});

export const transitionRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/{id}/status',
  access: access.can('appointments', 'edit'),
  operationId: 'transitionAppointment',
  tags: ['appointments'],
  summary: 'Confirm, complete or mark a no-show',
  description:
    'pending → confirmed; confirmed → completed | no_show (once it has started); completed | no_show → confirmed (a mistake undone). Anything else is 409 `transition_not_allowed`; a stale `version` 409 `conflict`.',
  request: { params: idParam, ...jsonBody(transitionAppointmentSchema) },
  errors: { 409: 'Not allowed from the current status, or stale' },
  responses: { 200: jsonResponse('Changed', appointmentSchema) },
});

export const cancelRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/{id}/cancel',
  access: access.can('appointments', 'view'),
  operationId: 'cancelAppointment',
  tags: ['appointments'],
  summary: 'Cancel with a reason',
  description:
    "Staff any pending or confirmed appointment; a patient their own, up to the clinic's notice period before it starts (409 `cancel_notice_passed` after). Who, when and why are kept.",
  request: { params: idParam, ...jsonBody(cancelAppointmentSchema) },
  errors: { 409: 'Already finished or cancelled, inside the notice period, or stale' },
  responses: { 200: jsonResponse('Cancelled', appointmentSchema) },
});

export const rebookRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/{id}/rebook',
  access: access.can('appointments', 'create'),
  operationId: 'rebookAppointment',
  tags: ['appointments'],
  summary: 'Book the next visit from this one',
  description:
    'Same patient, specialist and place, the same type unless another is given; confirmed; linked to this one (`rebookedFromId`).',
  request: { params: idParam, ...jsonBody(rebookAppointmentSchema) },
  errors: { 409: 'The specialist already has an appointment at that time (`slot_taken`)' },
  responses: { 201: jsonResponse('Booked', appointmentSchema) },
});
