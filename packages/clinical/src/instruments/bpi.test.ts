import { describe, expect, it } from 'vitest';
import { scored, unscorable } from '../test/helpers';

// BPI-SF: severity = mean of items 1–4 (worst, least, average, now); interference = mean of the
// answered items 5–11 when ≥4 of 7 are answered (ePPOC/AHSRI guide); bands 0–4 / 5–6 / 7–10.
describe('BPI short form', () => {
  it('scores severity and interference as published means', () => {
    // worst 8, least 3, average 5, now 4 → 20/4 = 5; interference 6,5,4,7,3,8,2 → 35/7 = 5
    const r = scored('bpi', [8, 3, 5, 4, 6, 5, 4, 7, 3, 8, 2]);
    expect(r.total).toBe(5);
    expect(r.subscales).toEqual({ severity: 5, interference: 5 });
    expect(r.band?.id).toBe('moderate');
    expect(r.flags).toEqual([]);
    expect(r.missingItems).toEqual([]);
  });

  it('keeps non-integer means to two decimals', () => {
    // 7+2+4+4 = 17 → 4.25; interference 1,2,2 +4 answered of 7: 1+2+2+3 = 8/4 = 2
    const r = scored('bpi', [7, 2, 4, 4, 1, null, 2, null, 2, null, 3]);
    expect(r.total).toBe(4.25);
    expect(r.subscales.interference).toBe(2);
    expect(r.missingItems).toEqual([6, 8, 10]);
    // 3+3+3+4 = 13/4 = 3.25; 20/7 = 2.857… → 2.86
    expect(scored('bpi', [3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 2]).subscales.interference).toBe(2.86);
  });

  it('scores interference with exactly 4 of 7 answered, not with 3', () => {
    expect(scored('bpi', [5, 5, 5, 5, 4, 4, 4, 4, null, null, null]).subscales.interference).toBe(
      4,
    );
    const r = scored('bpi', [5, 5, 5, 5, 4, 4, 4, null, null, null, null]);
    expect(r.subscales.interference).toBeNull();
    expect(r.flags).toEqual([{ id: 'bpi-interference-unscorable' }]);
    expect(r.total).toBe(5);
  });

  it('does not score severity with an intensity item missing, but still gives interference', () => {
    const r = unscorable('bpi', [6, null, 5, 5, 2, 2, 2, 2, 2, 2, 2]);
    expect(r.reason).toBe('too-many-missing');
    expect(r.subscales).toEqual({ severity: null, interference: 2 });
    expect(r.missingItems).toEqual([2]);
  });

  it('bands severity at every boundary (0–4 mild, 5–6 moderate, 7–10 severe)', () => {
    const band = (v: number) => scored('bpi', [v, v, v, v, 0, 0, 0, 0, 0, 0, 0]).band?.id;
    expect(band(0)).toBe('mild');
    expect(band(4)).toBe('mild');
    expect(band(5)).toBe('moderate');
    expect(band(6)).toBe('moderate');
    expect(band(7)).toBe('severe');
    expect(band(10)).toBe('severe');
    // between integers a mean stays in the band it has reached
    expect(scored('bpi', [5, 5, 5, 4, 0, 0, 0, 0, 0, 0, 0]).band?.id).toBe('mild'); // 4.75
    expect(scored('bpi', [7, 7, 7, 6, 0, 0, 0, 0, 0, 0, 0]).band?.id).toBe('moderate'); // 6.75
  });
});
