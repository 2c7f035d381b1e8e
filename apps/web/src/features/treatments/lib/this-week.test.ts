import type { PlanIntervention } from '@painlab/shared/treatments';
import { describe, expect, it } from 'vitest';
import { thisWeek, weekOf } from './this-week';

const item = (over: Partial<PlanIntervention>): PlanIntervention => ({
  id: 'x',
  kind: 'home_exercise',
  title: 't',
  details: null,
  frequency: 'daily',
  startsOn: null,
  endsOn: null,
  ...over,
});

describe('this week', () => {
  it('runs Monday to Sunday', () => {
    expect(weekOf('2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('keeps running repeating items and one-off items dated this week', () => {
    const items = [
      item({ id: 'open' }),
      item({ id: 'ended', endsOn: '2026-11-22' }),
      item({ id: 'later', startsOn: '2026-11-30' }),
      item({ id: 'ends-monday', endsOn: '2026-11-23' }),
      item({ id: 'once-in', frequency: 'once', startsOn: '2026-11-28' }),
      item({ id: 'once-out', frequency: 'once', startsOn: '2026-12-01' }),
      item({ id: 'once-undated', frequency: 'once' }),
    ];
    expect(thisWeek(items, '2026-11-26').map((i) => i.id)).toEqual([
      'open',
      'ends-monday',
      'once-in',
    ]);
  });
});
