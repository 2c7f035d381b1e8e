/**
 * The availability editor's week as a form: ranges per weekday in one zone, checked before saving
 * (the server checks the same and answers 400 `end_before_start` / `overlapping_hours`).
 */
import type {
  AppointmentModality,
  WeeklyAvailabilityInput,
  WeeklyHours,
} from '@painlab/shared/appointments';
import { DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';

export type HoursRange = {
  /** A stable key for React (the server's id, or one made here for a new row). */
  key: string;
  weekday: number;
  start: string;
  end: string;
  modality: AppointmentModality;
  location: string;
};

export type WeekForm = { timeZone: string; ranges: HoursRange[] };

export type RangeProblem = 'invalid_time' | 'end_before_start' | 'overlapping_hours';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** ISO weekdays, Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

let counter = 0;
export const newKey = () => `new-${++counter}`;

/** A new range on `weekday`: after its last one (an hour, up to midnight), else 09:00–14:00. */
export function nextRange(ranges: readonly HoursRange[], weekday: number): HoursRange {
  const last = ranges
    .filter((r) => r.weekday === weekday && HHMM.test(r.end))
    .sort((a, b) => a.end.localeCompare(b.end))
    .at(-1);
  if (!last)
    return {
      key: newKey(),
      weekday,
      start: '09:00',
      end: '14:00',
      modality: 'in_person',
      location: '',
    };
  const [h, m] = last.end.split(':').map(Number) as [number, number];
  const end = h >= 23 ? '23:59' : `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return { ...last, key: newKey(), start: last.end, end };
}

/** The stored hours as the form: the first row's zone stands for the week (the editor keeps one). */
export function toWeekForm(
  hours: readonly WeeklyHours[],
  fallbackZone = DEFAULT_TIME_ZONE,
): WeekForm {
  return {
    timeZone: hours[0]?.timeZone ?? fallbackZone,
    ranges: hours.map((h) => ({
      key: h.id,
      weekday: h.weekday,
      start: h.start,
      end: h.end,
      modality: h.modality,
      location: h.location ?? '',
    })),
  };
}

/** Each range's problem, by key: a bad time, an end not after its start, or an overlap on its day. */
export function rangeProblems(ranges: readonly HoursRange[]): Map<string, RangeProblem> {
  const problems = new Map<string, RangeProblem>();
  for (const r of ranges) {
    if (!HHMM.test(r.start) || !HHMM.test(r.end)) problems.set(r.key, 'invalid_time');
    else if (r.end <= r.start) problems.set(r.key, 'end_before_start');
  }
  for (const day of WEEKDAYS) {
    const valid = ranges
      .filter((r) => r.weekday === day && !problems.has(r.key))
      .sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < valid.length; i++)
      if (valid[i]!.start < valid[i - 1]!.end) problems.set(valid[i]!.key, 'overlapping_hours');
  }
  return problems;
}

/** The form as the PUT body, sorted by day and start. */
export function toWeeklyInput(form: WeekForm): WeeklyAvailabilityInput {
  return {
    hours: [...form.ranges]
      .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))
      .map((r) => ({
        weekday: r.weekday,
        start: r.start,
        end: r.end,
        modality: r.modality,
        ...(r.location.trim() ? { location: r.location.trim() } : {}),
        timeZone: form.timeZone,
      })),
  };
}

/** The browser's IANA zones (with `current` first if the list lacks it). */
export function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return all.includes(current) ? all : [current, ...all];
}
