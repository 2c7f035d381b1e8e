import { describe, expect, it } from 'vitest';
import {
  agendaFromSearchParams,
  agendaRange,
  agendaSearch,
  gridBox,
  PX_PER_MINUTE,
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
      new URLSearchParams('view=month&date=2026-02-30'),
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

  it('clamps boxes to the grid', () => {
    expect(gridBox(9 * 60, 9 * 60 + 30)).toEqual({
      top: 120 * PX_PER_MINUTE,
      height: 30 * PX_PER_MINUTE,
    });
    expect(gridBox(6 * 60, 7 * 60 + 30).top).toBe(0);
  });
});
