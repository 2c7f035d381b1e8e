import { describe, expect, it } from 'vitest';
import { scored, unscorable } from '../test/helpers';

// STOP-Bang (Chung 2008/2012/2016): 8 yes/no items; 0–2 low, 3–4 intermediate, 5–8 high.
describe('STOP-Bang', () => {
  it('counts yes answers, with the STOP part', () => {
    const r = scored('stopbang', [1, 1, 0, 1, 0, 1, 0, 1]);
    expect(r.total).toBe(5);
    expect(r.subscales.stop).toBe(3);
  });

  it('bands at every boundary (both sides)', () => {
    const band = (yes: number) =>
      scored(
        'stopbang',
        Array.from({ length: 8 }, (_, i) => (i < yes ? 1 : 0)),
      ).band?.id;
    expect(band(0)).toBe('low');
    expect(band(2)).toBe('low');
    expect(band(3)).toBe('intermediate');
    expect(band(4)).toBe('intermediate');
    expect(band(5)).toBe('high');
    expect(band(8)).toBe('high');
  });

  it('Chung 2016 stepwise: 3–4 with STOP ≥ 2 and BMI, neck or male sex is high', () => {
    const band = (items: number[]) => scored('stopbang', items).band?.id;
    // STOP 2 (snoring, tired) + male = 3: high; the same with age instead of male: intermediate
    expect(band([1, 1, 0, 0, 0, 0, 0, 1])).toBe('high');
    expect(band([1, 1, 0, 0, 0, 1, 0, 0])).toBe('intermediate');
    // STOP 2 + BMI, STOP 2 + neck: high
    expect(band([0, 0, 1, 1, 1, 0, 0, 0])).toBe('high');
    expect(band([1, 0, 0, 1, 0, 0, 1, 0])).toBe('high');
    // STOP 1 + BMI + neck + male = 4: intermediate (the STOP part is below 2)
    expect(band([1, 0, 0, 0, 1, 0, 1, 1])).toBe('intermediate');
    // STOP 2 alone with age = 3 is intermediate; STOP 2 + male with 2 in all stays low
    expect(band([0, 1, 1, 0, 0, 1, 0, 0])).toBe('intermediate');
    expect(band([1, 0, 0, 0, 0, 0, 0, 1])).toBe('low');
  });

  it('is not scored with a missing item', () => {
    const r = unscorable('stopbang', [1, 1, 1, 1, 1, null, 0, 0]);
    expect(r.subscales.stop).toBeNull();
  });
});
