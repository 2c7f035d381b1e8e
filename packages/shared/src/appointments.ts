/**
 * Appointments (issue 11, SPEC §2–§6): appointment types, specialists' weekly availability and its
 * exceptions, free slots, bookings and their statuses, the clinic's booking settings. Times travel
 * as ISO 8601 instants (UTC, `Z`); weekly hours as local `HH:MM` in an IANA time zone. Message keys
 * ('invalid_time', 'end_before_start', …) are translated by the web app.
 */
import { z } from 'zod';
import { calendarDateSchema, isClinicDate } from './dates';
import { reminderHoursSchema } from './reminder-hours';

export const APPOINTMENT_STATUSES = [
  'pending',
  'confirmed',
  'cancelled',
  'completed',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The statuses that hold the specialist's time (everything but cancelled: the exclusion constraint). */
export const ACTIVE_APPOINTMENT_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'no_show',
] as const;

/** Where a visit happens. */
export const APPOINTMENT_MODALITIES = ['in_person', 'telehealth'] as const;
export type AppointmentModality = (typeof APPOINTMENT_MODALITIES)[number];

/** Who may book a type: staff only, or patients for themselves too. */
export const BOOKABLE_BY = ['staff', 'patient'] as const;
export type BookableBy = (typeof BOOKABLE_BY)[number];

/** The clinic's rule for patients: book a free slot, request one (staff confirm), or only look. */
export const PATIENT_BOOKING_MODES = ['self', 'request', 'view'] as const;
export type PatientBookingMode = (typeof PATIENT_BOOKING_MODES)[number];

export const AVAILABILITY_EXCEPTION_KINDS = ['absence', 'extra'] as const;
export type AvailabilityExceptionKind = (typeof AVAILABILITY_EXCEPTION_KINDS)[number];

/** The clinic's zone when nothing else is said (SPEC: a clinic in Madrid). */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/**
 * The allowed status changes (anything else is 409 `transition_not_allowed`): a pending visit is
 * confirmed or cancelled; a confirmed one completed, missed or cancelled; a visit marked completed or
 * no-show by mistake may be put back to confirmed.
 */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'no_show', 'cancelled'],
  completed: ['confirmed'],
  no_show: ['confirmed'],
  cancelled: [],
};

/**
 * SPEC §4 colours where they apply: confirmed green, pending yellow (waiting for someone), completed
 * blue, no-show red (an alert), cancelled grey.
 */
export function appointmentStatusColour(
  status: AppointmentStatus,
): 'green' | 'yellow' | 'blue' | 'red' | 'grey' {
  if (status === 'confirmed') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'completed') return 'blue';
  if (status === 'no_show') return 'red';
  return 'grey';
}

export const APPOINTMENT_LIMITS = {
  notes: 2_000,
  reason: 500,
  location: 200,
  /** The longest range a slot search or an agenda read may cover, in days. */
  rangeDays: 62,
  /** The longest a visit may last, in minutes (8 h). */
  durationMinutes: 480,
} as const;

/** A real IANA zone name (what `Intl` knows). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const id = z.string().max(100);
export { calendarDateSchema };
export const localTimeSchema = z.string().regex(HHMM, { error: 'invalid_time' });
export const timeZoneSchema = z.string().refine(isTimeZone, { error: 'invalid_time_zone' });
/** An instant with its offset (`2026-03-29T08:00:00Z`), normalised to UTC milliseconds. */
export const instantSchema = z
  .string()
  .max(40)
  .refine(
    (v) => ISO_INSTANT.test(v) && isClinicDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)),
    {
      error: 'invalid_datetime',
    },
  )
  .transform((v) => new Date(v).toISOString());

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

// ---------------------------------------------------------------------------------------------
// Types

export const appointmentTypeSchema = z.object({
  id: z.string(),
  name: z.object({ es: z.string(), en: z.string() }),
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  /** In cents of `currency`. */
  priceCents: z.number().int(),
  currency: z.string(),
  bookableBy: z.enum(BOOKABLE_BY),
  /** null: in person or by video. */
  modality: z.enum(APPOINTMENT_MODALITIES).nullable(),
  active: z.boolean(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

// ---------------------------------------------------------------------------------------------
// Availability

export const weeklyHoursInputSchema = z
  .strictObject({
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: z
      .number()
      .int()
      .min(1, { error: 'invalid_choice' })
      .max(7, { error: 'invalid_choice' }),
    start: localTimeSchema,
    end: localTimeSchema,
    modality: z.enum(APPOINTMENT_MODALITIES, { error: 'invalid_choice' }),
    location: optionalText(APPOINTMENT_LIMITS.location),
    timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  })
  .refine((v) => v.start < v.end, { error: 'end_before_start', path: ['end'] });

/** The whole week of a specialist at once (replaces what was there). */
export const weeklyAvailabilityInputSchema = z.strictObject({
  hours: z.array(weeklyHoursInputSchema).max(100, { error: 'too_many' }),
});
export type WeeklyAvailabilityInput = z.input<typeof weeklyAvailabilityInputSchema>;

export const weeklyHoursSchema = z.object({
  id: z.string(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  modality: z.enum(APPOINTMENT_MODALITIES),
  location: z.string().nullable(),
  timeZone: z.string(),
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/**
 * An absence (holiday, leave: no slots) or one-off extra hours, on a local day in a zone: the whole
 * day when `start`/`end` are absent (absences only).
 */
export const availabilityExceptionInputSchema = z
  .strictObject({
    kind: z.enum(AVAILABILITY_EXCEPTION_KINDS, { error: 'invalid_choice' }),
    date: calendarDateSchema,
    /** The last day, for an absence of several days (inclusive); defaults to `date`. */
    untilDate: calendarDateSchema.optional(),
    start: localTimeSchema.optional(),
    end: localTimeSchema.optional(),
    modality: z.enum(APPOINTMENT_MODALITIES, { error: 'invalid_choice' }).optional(),
    location: optionalText(APPOINTMENT_LIMITS.location),
    timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
    note: optionalText(APPOINTMENT_LIMITS.reason),
  })
  .refine((v) => (v.start === undefined) === (v.end === undefined), {
    error: 'start_and_end_together',
    path: ['end'],
  })
  .refine((v) => v.start === undefined || v.end === undefined || v.start < v.end, {
    error: 'end_before_start',
    path: ['end'],
  })
  .refine((v) => v.untilDate === undefined || v.untilDate >= v.date, {
    error: 'end_before_start',
    path: ['untilDate'],
  })
  .refine((v) => v.kind === 'absence' || (v.start !== undefined && v.modality !== undefined), {
    error: 'extra_hours_need_times',
    path: ['start'],
  });
export type AvailabilityExceptionInput = z.input<typeof availabilityExceptionInputSchema>;

export const availabilityExceptionSchema = z.object({
  id: z.string(),
  kind: z.enum(AVAILABILITY_EXCEPTION_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  modality: z.enum(APPOINTMENT_MODALITIES).nullable(),
  location: z.string().nullable(),
  timeZone: z.string(),
  note: z.string().nullable(),
});
export type AvailabilityException = z.infer<typeof availabilityExceptionSchema>;

export const availabilitySchema = z.object({
  specialistId: z.string(),
  hours: z.array(weeklyHoursSchema),
  exceptions: z.array(availabilityExceptionSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

// ---------------------------------------------------------------------------------------------
// Free slots

/** `from`/`to`: local days (inclusive) in each working-hours zone; at most 62 days. */
export const slotQuerySchema = z
  .strictObject({
    specialistId: id,
    typeId: id,
    from: calendarDateSchema,
    to: calendarDateSchema,
  })
  .refine((v) => v.to >= v.from, { error: 'end_before_start', path: ['to'] });
export type SlotQuery = z.infer<typeof slotQuerySchema>;

export const slotSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  modality: z.enum(APPOINTMENT_MODALITIES),
  location: z.string().nullable(),
  /** The zone of the working hours the slot comes from (show the time in it, with its name). */
  timeZone: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.object({ items: z.array(slotSchema) });

// ---------------------------------------------------------------------------------------------
// Appointments

const person = z.object({ id: z.string(), name: z.string() });

export const appointmentSchema = z.object({
  id: z.string(),
  patient: person,
  specialist: person,
  type: z.object({ id: z.string(), name: z.object({ es: z.string(), en: z.string() }) }),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  modality: z.enum(APPOINTMENT_MODALITIES),
  location: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** Staff notes (hidden from the patient: null for them). */
  notes: z.string().nullable(),
  /** What the patient wrote when requesting. */
  patientNote: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  cancellation: z
    .object({ reason: z.string(), by: person.nullable(), byRole: z.string(), at: z.string() })
    .nullable(),
  rebookedFromId: z.string().nullable(),
  /** The recurring series it is one of (ADR 0037): its place in it and how many were booked. */
  series: z
    .object({ id: z.string(), index: z.number().int(), count: z.number().int() })
    .nullable()
    .optional(),
  /** The statuses this viewer may move it to now. */
  allowedTransitions: z.array(z.enum(APPOINTMENT_STATUSES)),
  /** The viewer may cancel it now (a patient: before the notice period). */
  canCancel: z.boolean(),
  /** The viewer may move it (staff). */
  canReschedule: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the patient confirmed through a reminder's link (ADR 0021). */
  patientConfirmedAt: z.string().nullable().optional(),
  /** The patient's no-shows, ever (staff lists: the agenda). */
  patientNoShows: z.number().int().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Staff book for a patient at a time (free by the database's rule; outside hours allowed). */
export const createAppointmentSchema = z.strictObject({
  patientId: id,
  specialistId: id,
  typeId: id,
  startsAt: instantSchema,
  modality: z.enum(APPOINTMENT_MODALITIES, { error: 'invalid_choice' }).optional(),
  location: optionalText(APPOINTMENT_LIMITS.location),
  timeZone: timeZoneSchema.optional(),
  notes: optionalText(APPOINTMENT_LIMITS.notes),
  /** Booked straight as confirmed (default) or pending. */
  status: z.enum(['pending', 'confirmed'], { error: 'invalid_choice' }).default('confirmed'),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;
export type CreateAppointmentParsed = z.output<typeof createAppointmentSchema>;

/** How often a series repeats, in weeks (1: weekly, 2: every two weeks, …). */
export const SERIES_INTERVALS = [1, 2, 3, 4] as const;
/** The most visits one series books (a year of weekly visits). */
export const SERIES_MAX_COUNT = 52;

/**
 * A recurring series (ADR 0037): the first visit as for one booking, then `count` visits in all,
 * `intervalWeeks` apart at the same wall-clock time in the visit's zone. `skipConflicts` books
 * only the free dates (after the preview showed which are taken); without it, any taken date
 * refuses the whole series.
 */
export const createSeriesSchema = createAppointmentSchema.extend({
  intervalWeeks: z
    .number({ error: 'invalid_choice' })
    .int({ error: 'invalid_choice' })
    .min(1, { error: 'invalid_choice' })
    .max(4, { error: 'invalid_choice' }),
  count: z
    .number({ error: 'series_count' })
    .int({ error: 'series_count' })
    .min(2, { error: 'series_count' })
    .max(SERIES_MAX_COUNT, { error: 'series_count' }),
  skipConflicts: z.boolean().default(false),
});
export type CreateSeriesInput = z.input<typeof createSeriesSchema>;

export const seriesOccurrenceSchema = z.object({
  index: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Another visit holds the specialist's time then (the date cannot be booked as it is). */
  conflict: z.boolean(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;
export const seriesPreviewSchema = z.object({
  timeZone: z.string(),
  occurrences: z.array(seriesOccurrenceSchema),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;
export const seriesCreatedSchema = z.object({
  seriesId: z.string(),
  items: z.array(appointmentSchema),
  /** The dates left out because they were taken (only with `skipConflicts`). */
  skipped: z.array(seriesOccurrenceSchema),
});
export type SeriesCreated = z.infer<typeof seriesCreatedSchema>;

/** Which visits of a series a move or a cancellation applies to. */
export const SERIES_SCOPES = ['one', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
const seriesScope = z.enum(SERIES_SCOPES, { error: 'invalid_choice' }).default('one');

/** A patient books (or requests) one of the free slots for themselves. */
export const requestAppointmentSchema = z.strictObject({
  specialistId: id,
  typeId: id,
  startsAt: instantSchema,
  note: optionalText(APPOINTMENT_LIMITS.reason),
});
export type RequestAppointmentInput = z.input<typeof requestAppointmentSchema>;

/** Move (reschedule) to another time and/or specialist, from the version read. */
export const rescheduleAppointmentSchema = z.strictObject({
  version: z.number().int().min(1),
  startsAt: instantSchema,
  specialistId: id.optional(),
  notes: optionalText(APPOINTMENT_LIMITS.notes),
  /** In a series: this visit only (default), this and the following, or all the series' open ones; each moves by the same wall-clock shift. */
  scope: seriesScope,
});
export type RescheduleAppointmentInput = z.input<typeof rescheduleAppointmentSchema>;

export const transitionAppointmentSchema = z.strictObject({
  status: z.enum(['confirmed', 'completed', 'no_show'], { error: 'invalid_choice' }),
  version: z.number().int().min(1),
});
export type TransitionAppointmentInput = z.input<typeof transitionAppointmentSchema>;

export const cancelAppointmentSchema = z.strictObject({
  version: z.number().int().min(1),
  reason: z
    .string()
    .trim()
    .min(1, { error: 'reason_required' })
    .max(APPOINTMENT_LIMITS.reason, { error: 'too_long' }),
  /** In a series: this visit only (default), this and the following, or all the series' open ones. */
  scope: seriesScope,
});
export type CancelAppointmentInput = z.input<typeof cancelAppointmentSchema>;

/** The next visit from this one: same patient, specialist and type unless said otherwise. */
export const rebookAppointmentSchema = z.strictObject({
  startsAt: instantSchema,
  typeId: id.optional(),
  notes: optionalText(APPOINTMENT_LIMITS.notes),
});
export type RebookAppointmentInput = z.input<typeof rebookAppointmentSchema>;

const multi = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',').filter(Boolean),
    z.array(z.enum(values)).max(values.length).optional(),
  );

/**
 * The agenda or a list: appointments starting in [from, to) (instants; at most 62 days), soonest
 * first, by specialist(s), patient (staff only) and status. A patient sees only their own.
 */
export const appointmentListQuerySchema = z
  .strictObject({
    from: instantSchema,
    to: instantSchema,
    specialistId: z
      .preprocess(
        (v) =>
          v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',').filter(Boolean),
        z.array(id).max(20).optional(),
      )
      .optional(),
    patientId: id.optional(),
    status: multi(APPOINTMENT_STATUSES),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .refine((v) => v.to > v.from, { error: 'end_before_start', path: ['to'] })
  .refine(
    (v) => Date.parse(v.to) - Date.parse(v.from) <= APPOINTMENT_LIMITS.rangeDays * 24 * 3_600_000,
    { error: 'range_too_long', path: ['to'] },
  );
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

export const appointmentListSchema = z.object({
  items: z.array(appointmentSchema),
  /** More appointments matched than `limit`: narrow the range. */
  truncated: z.boolean(),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** A patient's own, upcoming and past (most recent first), and what the clinic lets them do. */
export const myAppointmentsSchema = z.object({
  upcoming: z.array(appointmentSchema),
  past: z.array(appointmentSchema),
  patientBooking: z.enum(PATIENT_BOOKING_MODES),
  cancelNoticeHours: z.number().int(),
});
export type MyAppointments = z.infer<typeof myAppointmentsSchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const appointmentSettingsSchema = z.object({
  patientBooking: z.enum(PATIENT_BOOKING_MODES),
  /** A patient may cancel up to this many hours before the start. */
  cancelNoticeHours: z.number().int(),
  timeZone: z.string(),
  /** Reminders go this many hours before the start (ADR 0021; empty: none). */
  reminderHours: z.array(z.number().int()),
});
export type AppointmentSettings = z.infer<typeof appointmentSettingsSchema>;

export const updateAppointmentSettingsSchema = z.strictObject({
  patientBooking: z.enum(PATIENT_BOOKING_MODES, { error: 'invalid_choice' }).optional(),
  cancelNoticeHours: z
    .number()
    .int()
    .min(0, { error: 'too_small' })
    .max(24 * 14, { error: 'too_big' })
    .optional(),
  timeZone: timeZoneSchema.optional(),
  reminderHours: reminderHoursSchema.optional(),
});
export type UpdateAppointmentSettingsInput = z.input<typeof updateAppointmentSettingsSchema>;

/** A specialist a patient or staff member may book with. */
export const bookableSpecialistSchema = z.object({ id: z.string(), name: z.string() });
export const bookableSpecialistListSchema = z.object({ items: z.array(bookableSpecialistSchema) });

// ---------------------------------------------------------------------------------------------
// Calendar subscription (ADR 0028)

/** Whether the signed-in user has a subscription URL (the URL itself is shown only when made). */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A new subscription URL: shown once; making another ends this one. */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const createCalendarFeedSchema = z.strictObject({});
