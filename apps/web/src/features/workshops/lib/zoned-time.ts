/**
 * Wall-clock times in a workshop's IANA zone ↔ instants, with Intl only (no time-zone library in the
 * browser bundle). A local time is read in the zone's offset at that moment; the offset is checked
 * again at the result, so a time next to a DST change lands on the right side of it. A time that
 * does not exist (spring forward) moves forward by the gap, as luxon does on the server.
 */

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `2027-01-12` + `18:30` in `timeZone` → an ISO instant (UTC). */
export function zonedToIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let instant = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(instant, timeZone);
  if (second !== instant) instant = Math.max(instant, second);
  return new Date(instant).toISOString();
}

/** An ISO instant → its local date (`YYYY-MM-DD`) and time (`HH:mm`) in `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): { date: string; time: string } {
  const instant = Date.parse(iso);
  const local = new Date(instant + offsetMs(instant, timeZone)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
