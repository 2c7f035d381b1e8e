import { describe, expect, it } from 'vitest';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// CSI Part A (Mayer 2012): 25 items 0–4, total 0–100; ≥40 (Neblett 2013); severity levels
// 0–29 subclinical, 30–39 mild, 40–49 moderate, 50–59 severe, 60–100 extreme (Neblett 2017).
describe('CSI', () => {
  it('sums the 25 items (0–100)', () => {
    expect(scored('csi', filled(25, 0)).total).toBe(0);
    expect(scored('csi', filled(25, 4)).total).toBe(100);
    expect(scored('csi', filled(25, 2)).total).toBe(50);
  });

  it('bands at every boundary (both sides)', () => {
    const band = (total: number) => scored('csi', summingTo(25, 4, total)).band?.id;
    expect(band(29)).toBe('subclinical');
    expect(band(30)).toBe('mild');
    expect(band(39)).toBe('mild');
    expect(band(40)).toBe('moderate');
    expect(band(49)).toBe('moderate');
    expect(band(50)).toBe('severe');
    expect(band(59)).toBe('severe');
    expect(band(60)).toBe('extreme');
  });

  it('flags a central sensitivity syndrome from 40, not at 39', () => {
    expect(scored('csi', summingTo(25, 4, 39)).flags).toEqual([]);
    expect(scored('csi', summingTo(25, 4, 40)).flags).toEqual([{ id: 'csi-central-sensitivity' }]);
  });

  it('is not scored with a missing item', () => {
    const a: (number | null)[] = filled(25, 4);
    a[12] = null;
    expect(unscorable('csi', a).missingItems).toEqual([13]);
  });
});
