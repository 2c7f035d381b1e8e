import { describe, expect, it } from 'vitest';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// PCS (Sullivan 1995; manual): total 0–52; rumination 8–11, magnification 6, 7, 13,
// helplessness 1–5, 12; 30 = clinically relevant.
describe('PCS', () => {
  it('sums the total and the three subscales from the published item sets', () => {
    //        1  2  3  4  5  6  7  8  9 10 11 12 13
    const a = [1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3];
    const r = scored('pcs', a);
    expect(r.total).toBe(26);
    expect(r.subscales).toEqual({
      rumination: 3 + 4 + 0 + 1,
      magnification: 1 + 2 + 3,
      helplessness: 1 + 2 + 3 + 4 + 0 + 2,
    });
  });

  it('spans 0–52', () => {
    expect(scored('pcs', filled(13, 0)).total).toBe(0);
    const max = scored('pcs', filled(13, 4));
    expect(max.total).toBe(52);
    expect(max.subscales).toEqual({ rumination: 16, magnification: 12, helplessness: 24 });
  });

  it('bands and flags at 29 / 30', () => {
    const below = scored('pcs', summingTo(13, 4, 29));
    expect(below.band?.id).toBe('below-clinical');
    expect(below.flags).toEqual([]);
    const at = scored('pcs', summingTo(13, 4, 30));
    expect(at.band?.id).toBe('clinically-relevant');
    expect(at.flags).toEqual([{ id: 'pcs-clinically-relevant' }]);
  });

  it('does not score the total with a missing item; complete subscales are still given', () => {
    const a: (number | null)[] = filled(13, 2);
    a[6] = null; // item 7: magnification
    const r = unscorable('pcs', a);
    expect(r.subscales).toEqual({ rumination: 8, magnification: null, helplessness: 12 });
    expect(r.flags).toEqual([]);
  });
});
