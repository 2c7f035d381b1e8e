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

/**
 * The days shown: one; Monday to Sunday; or a month as whole weeks (Monday of the week of the 1st
 * to Sunday of the week of the last day: 4 to 6 rows).
 */
export function daysOf(view: 'day' | 'week' | 'month', anchor: string): string[] {
  if (view === 'day') return [anchor];
  if (view === 'week') {
    const first = weekStart(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = weekStart(`${anchor.slice(0, 7)}-01`);
  const last = addDays(`${addMonths(anchor, 1).slice(0, 7)}-01`, -1);
  const days = [first];
  while (days.length % 7 || days.at(-1)! < last) days.push(addDays(days.at(-1)!, 1));
  return days;
}

/** `date` moved by whole months, kept inside the month (31 January + 1 → 28/29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  first.setUTCDate(Math.min(d, lastDay.getUTCDate()));
  return first.toISOString().slice(0, 10);
}

/**
 * The instant at local `date` and `minutes` after midnight in `zone` (what a drop on the agenda
 * means). The zone's offset is read back through `Intl` and corrected once more, so a time on a
 * day the clocks change lands right; a local time skipped by a spring-forward gap comes out an
 * hour later, as clocks read it.
 */
export function instantAt(date: string, minutes: number, zone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const offsetAt = (t: number) => {
    const p = zonedParts(new Date(t).toISOString(), zone);
    const [py, pm, pd] = p.date.split('-').map(Number) as [number, number, number];
    return Date.UTC(py, pm - 1, pd, 0, p.minutes) - t;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t).toISOString();
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
