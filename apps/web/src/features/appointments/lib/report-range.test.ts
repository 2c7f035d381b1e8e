import { describe, expect, it } from 'vitest';
import { lastMonths, parseHours } from './report-range';

describe('report range and reminder hours', () => {
  it('covers six months up to the current one, across a year', () => {
    expect(lastMonths(6, new Date('2026-03-15T10:00:00Z'))).toEqual({
      from: '2025-10',
      to: '2026-03',
    });
  });
  it('reads hours from text', () => {
    expect(parseHours('24, 2')).toEqual([24, 2]);
    expect(parseHours('')).toEqual([]);
    expect(parseHours('24 h')).toBeNull();
    expect(parseHours('1.5')).toBeNull();
  });
});
