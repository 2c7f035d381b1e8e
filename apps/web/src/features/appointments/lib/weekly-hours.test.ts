import { describe, expect, it } from 'vitest';
import {
  nextRange,
  rangeProblems,
  toWeekForm,
  toWeeklyInput,
  type HoursRange,
} from './weekly-hours';

const range = (key: string, weekday: number, start: string, end: string): HoursRange => ({
  key,
  weekday,
  start,
  end,
  modality: 'in_person',
  location: '',
});

describe('weekly hours form', () => {
  it('finds ends before starts, bad times and overlaps on one day only', () => {
    const problems = rangeProblems([
      range('a', 1, '09:00', '13:00'),
      range('b', 1, '12:00', '14:00'),
      range('c', 2, '12:00', '14:00'),
      range('d', 3, '10:00', '09:00'),
      range('e', 3, '10:00', '10:00'),
      range('f', 4, '9:00', '10:00'),
      range('g', 1, '13:00', '15:00'),
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      b: 'overlapping_hours',
      d: 'end_before_start',
      e: 'end_before_start',
      f: 'invalid_time',
      g: 'overlapping_hours',
    });
  });

  it('touching ranges are fine', () => {
    expect(
      rangeProblems([range('a', 1, '09:00', '13:00'), range('b', 1, '13:00', '14:00')]).size,
    ).toBe(0);
  });

  it('round-trips the stored hours into one zone, sorted, without empty places', () => {
    const form = toWeekForm([
      {
        id: 'x',
        weekday: 2,
        start: '16:00',
        end: '19:00',
        modality: 'telehealth',
        location: null,
        timeZone: 'America/New_York',
      },
      {
        id: 'y',
        weekday: 1,
        start: '09:00',
        end: '13:00',
        modality: 'in_person',
        location: 'Sala 2',
        timeZone: 'America/New_York',
      },
    ]);
    expect(form.timeZone).toBe('America/New_York');
    form.timeZone = 'Europe/Madrid';
    expect(toWeeklyInput(form).hours).toEqual([
      {
        weekday: 1,
        start: '09:00',
        end: '13:00',
        modality: 'in_person',
        location: 'Sala 2',
        timeZone: 'Europe/Madrid',
      },
      {
        weekday: 2,
        start: '16:00',
        end: '19:00',
        modality: 'telehealth',
        timeZone: 'Europe/Madrid',
      },
    ]);
  });
});

describe('nextRange', () => {
  it('starts a free day at 09:00 and follows the last range otherwise', () => {
    expect(nextRange([], 3)).toMatchObject({ weekday: 3, start: '09:00', end: '14:00' });
    const after = nextRange([range('a', 3, '09:00', '13:30'), range('b', 4, '15:00', '18:00')], 3);
    expect(after).toMatchObject({ weekday: 3, start: '13:30', end: '14:30' });
    expect(nextRange([range('a', 3, '22:00', '23:15')], 3)).toMatchObject({
      start: '23:15',
      end: '23:59',
    });
  });
});
