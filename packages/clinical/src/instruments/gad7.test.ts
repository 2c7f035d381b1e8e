import { describe, expect, it } from 'vitest';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// GAD-7 (Spitzer 2006): 7 items 0–3, total 0–21; bands 5 / 10 / 15; ≥10 further evaluation.
describe('GAD-7', () => {
  it('sums the seven items', () => {
    expect(scored('gad7', [2, 1, 3, 0, 1, 2, 1]).total).toBe(10);
    expect(scored('gad7', filled(7, 3)).total).toBe(21);
  });

  it('bands at every boundary (both sides)', () => {
    const band = (total: number) => scored('gad7', summingTo(7, 3, total)).band?.id;
    expect(band(0)).toBe('minimal');
    expect(band(4)).toBe('minimal');
    expect(band(5)).toBe('mild');
    expect(band(9)).toBe('mild');
    expect(band(10)).toBe('moderate');
    expect(band(14)).toBe('moderate');
    expect(band(15)).toBe('severe');
    expect(band(21)).toBe('severe');
  });

  it('flags further evaluation from 10, not at 9', () => {
    expect(scored('gad7', summingTo(7, 3, 9)).flags).toEqual([]);
    expect(scored('gad7', summingTo(7, 3, 10)).flags).toEqual([{ id: 'gad7-further-evaluation' }]);
  });

  it('is not scored with a missing item', () => {
    expect(unscorable('gad7', [3, 3, 3, 3, 3, 3, null]).flags).toEqual([]);
  });
});
