import { describe, expect, it } from 'vitest';
import { addDays, daysOf, isDay, rangeFor, todayIn, weekStart, zonedParts } from './zoned';

describe('zoned days and times', () => {
  it('places an instant on its local day and minutes, across DST', () => {
    // Madrid: 08:00Z is 09:00 in winter (CET) and 10:00 in summer (CEST)
    expect(zonedParts('2027-03-26T08:00:00Z', 'Europe/Madrid')).toEqual({
      date: '2027-03-26',
      minutes: 9 * 60,
    });
    expect(zonedParts('2027-03-29T08:00:00Z', 'Europe/Madrid')).toEqual({
      date: '2027-03-29',
      minutes: 10 * 60,
    });
    // New York: 03:00Z is still the previous evening
    expect(zonedParts('2027-03-15T03:00:00Z', 'America/New_York')).toEqual({
      date: '2027-03-14',
      minutes: 23 * 60,
    });
  });

  it('today in a zone can differ from the UTC day', () => {
    expect(todayIn('Europe/Madrid', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(todayIn('America/New_York', new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
  });

  it('weeks start on Monday; ranges cover the days with a margin', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(daysOf('week', '2026-11-25')).toHaveLength(7);
    expect(daysOf('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(rangeFor(['2026-11-23', '2026-11-24'])).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-26T00:00:00.000Z',
    });
  });

  it('tells real days from others', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('x')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
