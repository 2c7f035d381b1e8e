import { describe, expect, it } from 'vitest';
import {
  agendaFromSearchParams,
  agendaQueryIds,
  agendaRange,
  agendaSearch,
  droppedMinutes,
  gridBox,
  PX_PER_MINUTE,
  stepDate,
  type AgendaState,
} from './agenda';

describe('agenda state', () => {
  it('reads the URL, with safe defaults', () => {
    const state = agendaFromSearchParams(
      new URLSearchParams('view=week&date=2026-11-25&layout=list&s=a,b'),
    );
    expect(state).toEqual({
      view: 'week',
      date: '2026-11-25',
      layout: 'list',
      specialists: ['a', 'b'],
    });
    const fallback = agendaFromSearchParams(
      new URLSearchParams('view=year&date=2026-02-30'),
      new Date('2026-11-22T23:30:00Z'),
    );
    // 23:30 UTC is already the 23rd in Madrid
    expect(fallback).toMatchObject({
      view: 'day',
      layout: 'grid',
      date: '2026-11-23',
      specialists: [],
    });
    expect(agendaFromSearchParams(agendaSearch(state))).toEqual(state);
  });

  it('asks for the shown days with a margin', () => {
    expect(
      agendaRange({ view: 'week', date: '2026-11-25', layout: 'grid', specialists: [] }),
    ).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
  });

  it('a month view asks for its whole weeks and steps by months', () => {
    const month: AgendaState = {
      view: 'month',
      date: '2026-11-25',
      layout: 'grid',
      specialists: [],
    };
    expect(agendaFromSearchParams(agendaSearch(month))).toEqual(month);
    expect(agendaRange(month)).toEqual({
      from: '2026-10-25T00:00:00.000Z',
      to: '2026-12-08T00:00:00.000Z',
    });
    expect(stepDate(month, 1)).toBe('2026-12-25');
    expect(stepDate({ view: 'month', date: '2027-03-31' }, -1)).toBe('2027-02-28');
    expect(stepDate({ view: 'week', date: '2026-11-25' }, -1)).toBe('2026-11-18');
    expect(stepDate({ view: 'day', date: '2026-12-31' }, 1)).toBe('2027-01-01');
  });

  it('asks for every specialist on a day or a week; in a month only for those shown', () => {
    expect(agendaQueryIds({ view: 'week', specialists: ['a'] }, null)).toEqual([]);
    expect(agendaQueryIds({ view: 'month', specialists: ['a', 'b'] }, null)).toEqual(['a', 'b']);
    expect(agendaQueryIds({ view: 'month', specialists: [] }, null)).toBeNull();
    expect(agendaQueryIds({ view: 'month', specialists: [] }, ['c'])).toEqual(['c']);
  });

  it('a drag lands on a quarter hour of the same day', () => {
    const px = (minutes: number) => minutes * PX_PER_MINUTE;
    expect(droppedMinutes(9 * 60, px(62), 30)).toBe(10 * 60);
    expect(droppedMinutes(9 * 60, px(-8), 30)).toBe(9 * 60 - 15);
    expect(droppedMinutes(9 * 60, px(-7), 30)).toBe(9 * 60);
    expect(droppedMinutes(9 * 60, px(8), 30)).toBe(9 * 60 + 15);
    expect(droppedMinutes(60, px(-600), 30)).toBe(0);
    expect(droppedMinutes(23 * 60, px(600), 45)).toBe(24 * 60 - 45);
  });

  it('clamps boxes to the grid', () => {
    expect(gridBox(9 * 60, 9 * 60 + 30)).toEqual({
      top: 120 * PX_PER_MINUTE,
      height: 30 * PX_PER_MINUTE,
    });
    expect(gridBox(6 * 60, 7 * 60 + 30).top).toBe(0);
  });
});
