/** The hours before an appointment at which reminders go (ADR 0021): the clinic's, or a patient's. */
import { z } from 'zod';

/** The clinic's default: 24 h and 2 h before the start. */
export const DEFAULT_REMINDER_HOURS = [24, 2] as const;
export const REMINDER_LIMITS = {
  /** At most this many reminders per appointment. */
  count: 4,
  /** The earliest reminder: two weeks before. */
  maxHours: 336,
  /** The report covers at most this many months. */
  reportMonths: 24,
} as const;

/** The hours before the start at which reminders go (an empty list: no reminders). */
export const reminderHoursSchema = z
  .array(
    z
      .number({ error: 'invalid_value' })
      .int({ error: 'invalid_value' })
      .min(1, { error: 'too_small' })
      .max(REMINDER_LIMITS.maxHours, { error: 'too_big' }),
  )
  .max(REMINDER_LIMITS.count, { error: 'too_many' })
  .refine((hours) => new Set(hours).size === hours.length, { error: 'duplicate_value' });
