import { describe, expect, it } from 'vitest';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// ODI (Fairbank & Pynsent 2000): % = sum / (5 × answered sections) × 100; one missing section
// allowed; bands 0–20 / 21–40 / 41–60 / 61–80 / 81–100.
describe('ODI', () => {
  it('worked example from the ODI scoring instructions: 16 of 50 → 32 %', () => {
    const r = scored('odi', summingTo(10, 5, 16));
    expect(r.total).toBe(32);
    expect(r.band?.id).toBe('moderate');
    expect(r.flags).toEqual([]);
  });

  it('worked example with one section missed: 16 of 45 → 35.6 % (printed truncated as 35.5 %)', () => {
    const a: (number | null)[] = summingTo(10, 5, 16);
    a[7] = null; // sex life, often left out
    expect(a.slice(0, 7).reduce((s: number, v) => s + (v ?? 0), 0)).toBe(16);
    const r = scored('odi', a);
    expect(r.total).toBe(35.6);
    expect(r.flags).toEqual([{ id: 'odi-one-section-missing' }]);
    expect(r.missingItems).toEqual([8]);
  });

  it('is not scored with two sections missing', () => {
    const a: (number | null)[] = filled(10, 2);
    a[0] = null;
    a[9] = null;
    const r = unscorable('odi', a);
    expect(r.missingItems).toEqual([1, 10]);
    expect(r.flags).toEqual([]);
  });

  it('bands at every boundary', () => {
    const band = (sum: number) => scored('odi', summingTo(10, 5, sum)).band?.id;
    expect(band(0)).toBe('minimal');
    expect(band(10)).toBe('minimal'); // 20 %
    expect(band(11)).toBe('moderate'); // 22 %
    expect(band(20)).toBe('moderate'); // 40 %
    expect(band(21)).toBe('severe'); // 42 %
    expect(band(30)).toBe('severe'); // 60 %
    expect(band(31)).toBe('crippled'); // 62 %
    expect(band(40)).toBe('crippled'); // 80 %
    expect(band(41)).toBe('bed-bound'); // 82 %
    expect(scored('odi', filled(10, 5)).total).toBe(100);
  });

  it('bands a non-integer percentage by the band it has reached (9 sections: 10/45 = 22.2 %)', () => {
    const a: (number | null)[] = summingTo(10, 5, 10);
    a[9] = null;
    const r = scored('odi', a);
    expect(r.total).toBe(22.2);
    expect(r.band?.id).toBe('moderate');
  });
});
