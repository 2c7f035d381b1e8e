/**
 * Calendar days and clock times of instants in an IANA zone, through `Intl` (no zone maths of our
 * own): the agenda places each appointment by its local day and minutes in the clinic's zone.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string) {
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(zone, f);
  }
  return f;
}

/** The local day (`YYYY-MM-DD`) and minutes since local midnight of `iso` in `zone`. */
export function zonedParts(iso: string, zone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    partsIn(zone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Today in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  return zonedParts(now.toISOString(), zone).date;
}

/** `date` moved by `days` (calendar arithmetic on UTC days: no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of `date`'s week. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The days shown: one, or Monday to Sunday. */
export function daysOf(view: 'day' | 'week', anchor: string): string[] {
  if (view === 'day') return [anchor];
  const first = weekStart(anchor);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/**
 * The instants to ask the server for so that every local day in `days` is covered in any zone:
 * a day's margin each side (zones are at most 14 h from UTC); the screen keeps what falls on them.
 */
export function rangeFor(days: string[]): { from: string; to: string } {
  return {
    from: `${addDays(days[0]!, -1)}T00:00:00.000Z`,
    to: `${addDays(days.at(-1)!, 2)}T00:00:00.000Z`,
  };
}

/** Whether `value` is a real `YYYY-MM-DD` day. */
export function isDay(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
