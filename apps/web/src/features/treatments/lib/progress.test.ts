/** The progress maths of @painlab/shared/treatments, at its boundaries. */
import { goalProgress, planProgress } from '@painlab/shared/treatments';
import { describe, expect, it } from 'vitest';

describe('goal progress', () => {
  const lower = { comparator: 'lt' as const, target: 4, baseline: 8 };
  it('is the share of the way from baseline to target', () => {
    expect(goalProgress(lower, 6)).toEqual({ percent: 50, met: false });
    expect(goalProgress(lower, 8)).toEqual({ percent: 0, met: false });
    expect(goalProgress(lower, 4)).toEqual({ percent: 99, met: false }); // at 4, "< 4" is not met yet
    expect(goalProgress(lower, 3.9)).toEqual({ percent: 100, met: true });
  });
  it('a worsening counts 0, and "at most" is met at the target', () => {
    expect(goalProgress(lower, 9)).toEqual({ percent: 0, met: false });
    expect(goalProgress({ ...lower, comparator: 'lte' }, 4)).toEqual({ percent: 100, met: true });
  });
  it('works upwards too (higher is better for a "≥" target)', () => {
    expect(goalProgress({ comparator: 'gte', target: 10, baseline: 4 }, 7)).toEqual({
      percent: 50,
      met: false,
    });
  });
  it('cannot be computed without a result or a baseline', () => {
    expect(goalProgress(lower, null)).toEqual({ percent: null, met: null });
    expect(goalProgress({ comparator: 'lt', target: 4, baseline: null }, 6)).toEqual({
      percent: null,
      met: false,
    });
    expect(goalProgress({ comparator: 'lt', target: 4, baseline: 4 }, 5)).toEqual({
      percent: null,
      met: false,
    });
  });
  it('the plan is the rounded mean of its computable goals', () => {
    expect(planProgress([50, null, 100])).toBe(75);
    expect(planProgress([33, 34])).toBe(34); // 33.5 rounds up
    expect(planProgress([null])).toBeNull();
    expect(planProgress([])).toBeNull();
  });
});
