import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysOf,
  instantAt,
  isDay,
  rangeFor,
  todayIn,
  weekStart,
  zonedParts,
} from './zoned';

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

  it('a month is whole weeks, Monday to Sunday, around its first and last day', () => {
    const nov = daysOf('month', '2026-11-25'); // 1 Nov 2026 is a Sunday, 30 Nov a Monday
    expect(nov[0]).toBe('2026-10-26');
    expect(nov.at(-1)).toBe('2026-12-06');
    expect(nov).toHaveLength(42);
    const feb = daysOf('month', '2027-02-10'); // 1 Feb 2027 is a Monday, 28 Feb a Sunday
    expect([feb[0], feb.at(-1), feb.length]).toEqual(['2027-02-01', '2027-02-28', 28]);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
  });

  it('finds the instant of a local day and time, on either side of DST and in its gap', () => {
    expect(instantAt('2027-03-26', 9 * 60, 'Europe/Madrid')).toBe('2027-03-26T08:00:00.000Z');
    expect(instantAt('2027-03-29', 10 * 60, 'Europe/Madrid')).toBe('2027-03-29T08:00:00.000Z');
    // the change day itself: 09:00 is already summer time
    expect(instantAt('2027-03-28', 9 * 60, 'Europe/Madrid')).toBe('2027-03-28T07:00:00.000Z');
    // 02:30 does not exist that night in Madrid: the clocks read 03:30
    expect(instantAt('2027-03-28', 150, 'Europe/Madrid')).toBe('2027-03-28T01:30:00.000Z');
    expect(instantAt('2027-10-31', 12 * 60, 'Europe/Madrid')).toBe('2027-10-31T11:00:00.000Z');
    expect(instantAt('2027-03-14', 23 * 60, 'America/New_York')).toBe('2027-03-15T03:00:00.000Z');
    for (const iso of ['2027-03-28T07:15:00.000Z', '2026-11-27T16:45:00.000Z']) {
      const p = zonedParts(iso, 'Europe/Madrid');
      expect(instantAt(p.date, p.minutes, 'Europe/Madrid')).toBe(iso);
    }
  });

  it('tells real days from others', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('x')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
