import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zoned-time';

describe('wall-clock times in a zone', () => {
  it('reads local times in the zone, on both sides of a DST change', () => {
    expect(zonedToIso('2027-01-12', '18:30', 'Europe/Madrid')).toBe('2027-01-12T17:30:00.000Z');
    expect(zonedToIso('2027-07-13', '18:30', 'Europe/Madrid')).toBe('2027-07-13T16:30:00.000Z');
    expect(zonedToIso('2027-03-11', '19:00', 'America/New_York')).toBe('2027-03-12T00:00:00.000Z');
    expect(zonedToIso('2027-03-15', '19:00', 'America/New_York')).toBe('2027-03-15T23:00:00.000Z');
    // 02:30 does not exist on 2027-03-28 in Madrid: moved forward by the gap
    expect(zonedToIso('2027-03-28', '02:30', 'Europe/Madrid')).toBe('2027-03-28T01:30:00.000Z');
  });

  it('goes back to the same local date and time', () => {
    for (const [date, time, zone] of [
      ['2027-01-12', '18:30', 'Europe/Madrid'],
      ['2027-11-07', '01:30', 'America/New_York'],
      ['2027-06-01', '00:15', 'America/Los_Angeles'],
    ] as const)
      expect(isoToZoned(zonedToIso(date, time, zone), zone)).toEqual({ date, time });
  });
});
