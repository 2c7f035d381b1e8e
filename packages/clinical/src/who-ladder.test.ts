import { describe, expect, it } from 'vitest';
import { ClinicalInputError } from './errors';
import { WHO_LADDER_PRINCIPLES, whoLadderStep } from './who-ladder';

describe('WHO analgesic ladder', () => {
  it('maps pain ratings to steps at every boundary', () => {
    const step = (nrs: number) => whoLadderStep(nrs)?.step ?? null;
    expect(step(0)).toBeNull();
    expect(step(1)).toBe(1);
    expect(step(3)).toBe(1);
    expect(step(4)).toBe(2);
    expect(step(6)).toBe(2);
    expect(step(7)).toBe(3);
    expect(step(10)).toBe(3);
    expect(whoLadderStep(5)?.analgesia.es).toMatch(/Opioide débil/);
    expect(WHO_LADDER_PRINCIPLES.en).toMatch(/by the clock/);
  });

  it('refuses ratings outside 0–10 or not integers', () => {
    for (const nrs of [-1, 11, 2.5, Number.NaN])
      expect(() => whoLadderStep(nrs)).toThrow(ClinicalInputError);
  });
});
