/** Calendar dates as the API carries them: `YYYY-MM-DD`, UTC days. */
import { z } from 'zod';

/** `YYYY-MM-DD` naming a real day (not 2026-02-30 nor 2026-13-45). Never throws. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * The days a clinic's records and schedules can name: appointments, free times, tasks, plans,
 * questionnaires and the waitlist. Outside it a date is a typo or a probe (`9999-12-31`,
 * `0001-01-01`), and a range reaching past year 9999 or before year 1 has no ISO string nor a
 * PostgreSQL date. Birth dates have their own rule (an age, patients.ts).
 */
export const CALENDAR_RANGE = { from: '1900-01-01', to: '2199-12-31' } as const;

/** A real day inside CALENDAR_RANGE. */
export function isClinicDate(value: string): boolean {
  return isCalendarDate(value) && value >= CALENDAR_RANGE.from && value <= CALENDAR_RANGE.to;
}

/** The one schema of a calendar date in the API (`invalid_date` outside CALENDAR_RANGE too). */
export const calendarDateSchema = z.string().refine(isClinicDate, { error: 'invalid_date' });
