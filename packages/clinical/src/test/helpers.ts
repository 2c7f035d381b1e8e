import { expect } from 'vitest';
import { score } from '../score';
import type { Answers, InstrumentId, ScorableResult, UnscorableResult } from '../types';

/** Scores and asserts the result is scorable, so the test can read `total` as a number. */
export const scored = (id: InstrumentId, items: Answers): ScorableResult => {
  const result = score(id, items);
  expect(result.scorable, `${id} should be scorable`).toBe(true);
  return result as ScorableResult;
};

export const unscorable = (id: InstrumentId, items: Answers): UnscorableResult => {
  const result = score(id, items);
  expect(result.scorable, `${id} should not be scorable`).toBe(false);
  return result as UnscorableResult;
};

export const filled = (length: number, value: number): number[] =>
  Array.from({ length }, () => value);

/** `length` answers summing to `total`, each between 0 and `max`, filled from the first item. */
export const summingTo = (length: number, max: number, total: number, min = 0): number[] => {
  let rest = total - min * length;
  return Array.from({ length }, () => {
    const v = Math.min(max - min, rest);
    rest -= v;
    return min + v;
  });
};
