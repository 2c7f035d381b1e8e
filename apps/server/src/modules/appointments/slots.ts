/**
 * Free-slot maths (pure): weekly hours in their IANA zone, one-off extra hours, absences, the
 * appointments already held (with their buffers) → the free starts of one appointment type. Local
 * wall-clock times become instants through luxon, day by day, so a DST change (Europe/Madrid,
 * America/New_York) moves the UTC time of the same local hours and never the local hours themselves.
 * A local time that does not exist on a spring-forward day is moved forward by luxon; on the day
 * it happens twice (fall back) the first one counts.
 */
import { DateTime, Interval } from 'luxon';
import type { AppointmentModality, Slot } from '@painlab/shared/appointments';

export interface WeeklyHoursRule {
  weekday: number;
  startTime: string;
  endTime: string;
  modality: AppointmentModality;
  location: string | null;
  timeZone: string;
}

export interface ExceptionRule {
  kind: 'absence' | 'extra';
  startsAt: Date;
  endsAt: Date;
  modality: AppointmentModality | null;
  location: string | null;
  timeZone: string;
}

export interface Busy {
  startsAt: Date;
  /** The end plus the appointment's buffer. */
  blockedUntil: Date;
}

export interface SlotRequest {
  /** Local days, inclusive (`YYYY-MM-DD`), read in each rule's zone. */
  from: string;
  to: string;
  durationMinutes: number;
  bufferMinutes: number;
  /** Only this modality, when the type has one. */
  modality: AppointmentModality | null;
  hours: WeeklyHoursRule[];
  exceptions: ExceptionRule[];
  busy: Busy[];
  /** Slots starting before this instant are not offered. */
  notBefore: Date;
}

interface Window {
  start: number;
  end: number;
  modality: AppointmentModality;
  location: string | null;
  timeZone: string;
}

/** The local day and time `HH:MM` in `zone` as an instant (ms), or null if luxon cannot place it. */
function localInstant(day: DateTime, time: string, zone: string): number | null {
  const [h, m] = time.split(':').map(Number);
  const at = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: h, minute: m },
    { zone },
  );
  return at.isValid ? at.toMillis() : null;
}

/** The working windows of the weekly hours over [from, to], each rule read in its own zone. */
function weeklyWindows(req: SlotRequest): Window[] {
  const windows: Window[] = [];
  for (const rule of req.hours) {
    if (req.modality && rule.modality !== req.modality) continue;
    const first = DateTime.fromISO(req.from, { zone: rule.timeZone }).startOf('day');
    const last = DateTime.fromISO(req.to, { zone: rule.timeZone }).startOf('day');
    if (!first.isValid || !last.isValid) continue;
    for (let day = first; day <= last; day = day.plus({ days: 1 })) {
      if (day.weekday !== rule.weekday) continue;
      const start = localInstant(day, rule.startTime, rule.timeZone);
      const end = localInstant(day, rule.endTime, rule.timeZone);
      if (start === null || end === null || end <= start) continue;
      windows.push({
        start,
        end,
        modality: rule.modality,
        location: rule.location,
        timeZone: rule.timeZone,
      });
    }
  }
  return windows;
}

/** `window` minus the intervals in `cuts` (sorted or not), as the pieces left. */
function subtract(window: Window, cuts: { start: number; end: number }[]): Window[] {
  let pieces: Window[] = [window];
  for (const cut of cuts) {
    const next: Window[] = [];
    for (const p of pieces) {
      if (cut.end <= p.start || cut.start >= p.end) {
        next.push(p);
        continue;
      }
      if (cut.start > p.start) next.push({ ...p, end: cut.start });
      if (cut.end < p.end) next.push({ ...p, start: cut.end });
    }
    pieces = next;
  }
  return pieces;
}

/**
 * The free slots, soonest first. Slots follow each other every duration + buffer from the start of
 * a working window; a slot must fit in the window (the buffer may run past its end) and its
 * [start, end + buffer) may not overlap an absence or another appointment's [start, end + buffer).
 */
export function freeSlots(req: SlotRequest): Slot[] {
  const lengthMs = req.durationMinutes * 60_000;
  const stepMs = (req.durationMinutes + req.bufferMinutes) * 60_000;
  // a slot holds its visit and its buffer
  const holdMs = stepMs;
  // extra hours count on the local days asked for, in the zone they were given in
  const extras: Window[] = req.exceptions
    .filter(
      (e) => e.kind === 'extra' && e.modality && (!req.modality || e.modality === req.modality),
    )
    .filter((e) => {
      const day = DateTime.fromJSDate(e.startsAt, { zone: e.timeZone }).toISODate();
      return day !== null && day >= req.from && day <= req.to;
    })
    .map((e) => ({
      start: e.startsAt.getTime(),
      end: e.endsAt.getTime(),
      modality: e.modality!,
      location: e.location,
      timeZone: e.timeZone,
    }));
  const absences = req.exceptions
    .filter((e) => e.kind === 'absence')
    .map((e) => ({ start: e.startsAt.getTime(), end: e.endsAt.getTime() }));
  const busy = req.busy.map((b) => ({
    start: b.startsAt.getTime(),
    end: b.blockedUntil.getTime(),
  }));
  const notBefore = req.notBefore.getTime();

  const windows = [...weeklyWindows(req), ...extras].flatMap((w) => subtract(w, absences));
  const seen = new Set<number>();
  const slots: (Slot & { at: number })[] = [];
  for (const w of windows) {
    for (let start = w.start; start + lengthMs <= w.end; start += stepMs) {
      if (start < notBefore || seen.has(start)) continue;
      const hold = { start, end: start + holdMs };
      if (busy.some((b) => b.start < hold.end && hold.start < b.end)) continue;
      if (absences.some((a) => a.start < hold.end && hold.start < a.end)) continue;
      seen.add(start);
      slots.push({
        at: start,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + lengthMs).toISOString(),
        modality: w.modality,
        location: w.location,
        timeZone: w.timeZone,
      });
    }
  }
  return slots.sort((a, b) => a.at - b.at).map(({ at: _at, ...slot }) => slot);
}

/** The instants bounding the local days [from, to] in every zone involved (for the busy read). */
export function rangeBounds(from: string, to: string, zones: string[]): { start: Date; end: Date } {
  const all = zones.length ? zones : ['UTC'];
  let start = Infinity;
  let end = -Infinity;
  for (const zone of all) {
    const s = DateTime.fromISO(from, { zone }).startOf('day');
    const e = DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day');
    if (s.isValid) start = Math.min(start, s.toMillis());
    if (e.isValid) end = Math.max(end, e.toMillis());
  }
  return { start: new Date(start), end: new Date(end) };
}

/** A local day and span in a zone as instants (an absence or extra hours). */
export function localSpan(
  date: string,
  untilDate: string,
  start: string | undefined,
  end: string | undefined,
  zone: string,
): Interval {
  const first = DateTime.fromISO(date, { zone }).startOf('day');
  const last = DateTime.fromISO(untilDate, { zone }).startOf('day');
  const from = start ? localInstant(first, start, zone) : first.toMillis();
  const until = end
    ? localInstant(last, end, zone)
    : last.plus({ days: 1 }).startOf('day').toMillis();
  return Interval.fromDateTimes(
    DateTime.fromMillis(from ?? first.toMillis()),
    DateTime.fromMillis(until ?? last.toMillis()),
  );
}
