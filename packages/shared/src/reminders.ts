/**
 * Appointment reminders (ADR 0021) and no-shows: a patient's reminder preference, the public
 * confirm / cancel links of a reminder, and the administrators' no-show report.
 */
import { z } from 'zod';
import { APPOINTMENT_MODALITIES, APPOINTMENT_STATUSES } from './appointments';
import { REMINDER_LIMITS, reminderHoursSchema } from './reminder-hours';

export { DEFAULT_REMINDER_HOURS, REMINDER_LIMITS, reminderHoursSchema } from './reminder-hours';

/** How a patient is reminded: `auto` by e-mail if known, else SMS; `none` never. */
export const REMINDER_CHANNELS = ['auto', 'email', 'sms', 'none'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** queued: its message is in the outbox; withdrawn: the appointment was cancelled or moved before it left. */
export const REMINDER_STATUSES = ['queued', 'withdrawn'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** A link does one thing. */
export const REMINDER_LINK_PURPOSES = ['confirm', 'cancel'] as const;
export type ReminderLinkPurpose = (typeof REMINDER_LINK_PURPOSES)[number];

export const REMINDER_LANGUAGES = ['es', 'en'] as const;

export const reminderPreferenceSchema = z.object({
  channel: z.enum(REMINDER_CHANNELS),
  /** null: the patient's language is unknown (the message carries Spanish and English). */
  language: z.enum(REMINDER_LANGUAGES).nullable(),
  /** null: the clinic's hours. */
  hours: z.array(z.number().int()).nullable(),
});
export type ReminderPreference = z.infer<typeof reminderPreferenceSchema>;

export const updateReminderPreferenceSchema = z.strictObject({
  channel: z.enum(REMINDER_CHANNELS, { error: 'invalid_choice' }),
  language: z.enum(REMINDER_LANGUAGES, { error: 'invalid_choice' }).nullable(),
  hours: reminderHoursSchema.nullable(),
});
export type UpdateReminderPreferenceInput = z.input<typeof updateReminderPreferenceSchema>;

/** The token of a reminder's link, posted by the public page (it rides in the URL fragment). */
export const reminderLinkInputSchema = z.strictObject({
  token: z.string({ error: 'invalid_value' }).max(100, { error: 'too_long' }),
});

/** What a link's page shows before (and after) acting. */
export const reminderLinkViewSchema = z.object({
  purpose: z.enum(REMINDER_LINK_PURPOSES),
  clinic: z.string(),
  patientFirstName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  type: z.object({ es: z.string(), en: z.string() }),
  specialistName: z.string(),
  modality: z.enum(APPOINTMENT_MODALITIES),
  location: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The clinic's notice period for cancelling, in hours. */
  cancelNoticeHours: z.number().int(),
  /** Cancelling now would be inside the notice period (a late cancellation). */
  late: z.boolean(),
});
export type ReminderLinkView = z.infer<typeof reminderLinkViewSchema>;

export const REMINDER_LINK_OUTCOMES = ['confirmed', 'cancelled', 'cancelled_late'] as const;
export const reminderLinkResultSchema = z.object({
  outcome: z.enum(REMINDER_LINK_OUTCOMES),
  appointment: reminderLinkViewSchema,
});
export type ReminderLinkResult = z.infer<typeof reminderLinkResultSchema>;

// ---------------------------------------------------------------------------------------------
// No-shows

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string().regex(MONTH, { error: 'invalid_date' });

/** Months `from`..`to` inclusive (YYYY-MM), at most 24. */
export const noShowReportQuerySchema = z
  .strictObject({ from: monthSchema, to: monthSchema })
  .refine((v) => v.to >= v.from, { error: 'end_before_start', path: ['to'] })
  .refine(
    (v) => {
      const months = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7));
      return months(v.to) - months(v.from) < REMINDER_LIMITS.reportMonths;
    },
    { error: 'range_too_long', path: ['to'] },
  );
export type NoShowReportQuery = z.input<typeof noShowReportQuerySchema>;

const person = z.object({ id: z.string(), name: z.string() });

export const noShowReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** No-shows per month (in the clinic's zone) and specialist, with the visits they had. */
  rows: z.array(
    z.object({
      month: z.string(),
      specialist: person,
      noShows: z.number().int(),
      appointments: z.number().int(),
    }),
  ),
  /** Patients with a no-show in the range, most first, with their no-shows in the range and ever. */
  patients: z.array(
    z.object({ patient: person, noShows: z.number().int(), total: z.number().int() }),
  ),
});
export type NoShowReport = z.infer<typeof noShowReportSchema>;
