import { describe, expect, it } from 'vitest';
import { filled, scored, unscorable } from '../test/helpers';

// ESAS-r (AHS manual 2019): 9 symptoms 0–10 (+ optional "other problem"); per symptom 0 none,
// 1–3 mild, 4–6 moderate, 7–10 severe; total symptom distress = sum of the 9 (0–90).
describe('ESAS-r', () => {
  it('sums the nine symptoms and bands each symptom', () => {
    const r = scored('esasr', [0, 1, 3, 4, 6, 7, 10, 2, 5, 8]);
    expect(r.total).toBe(38);
    expect(r.band).toBeNull();
    expect(r.subscales.other).toBe(8);
    expect(r.subscaleBands).toMatchObject({
      pain: { id: 'none' },
      tiredness: { id: 'mild' },
      drowsiness: { id: 'mild' },
      nausea: { id: 'moderate' },
      appetite: { id: 'moderate' },
      breath: { id: 'severe' },
      depression: { id: 'severe' },
      anxiety: { id: 'mild' },
      wellbeing: { id: 'moderate' },
      other: { id: 'severe' },
    });
    expect(r.flags).toEqual([
      { id: 'esasr-severe-symptom', item: 6 },
      { id: 'esasr-severe-symptom', item: 7 },
      { id: 'esasr-severe-symptom', item: 10 },
    ]);
  });

  it('takes the optional tenth symptom as absent or null', () => {
    const nine = scored('esasr', filled(9, 10));
    expect(nine.total).toBe(90);
    expect(nine.subscales.other).toBeNull();
    expect(nine.subscaleBands?.other).toBeNull();
    expect(scored('esasr', [...filled(9, 0), null]).total).toBe(0);
  });

  it('gives answered symptoms even when the total cannot be scored', () => {
    const r = unscorable('esasr', [8, null, 2, 2, 2, 2, 2, 2, 2]);
    expect(r.subscales.pain).toBe(8);
    expect(r.subscaleBands?.pain?.id).toBe('severe');
    expect(r.subscaleBands?.tiredness).toBeNull();
    expect(r.flags).toEqual([{ id: 'esasr-severe-symptom', item: 1 }]);
    expect(r.missingItems).toEqual([2]);
  });

  it('per-symptom bands at every boundary', () => {
    const bandOfPain = (v: number) => scored('esasr', [v, ...filled(8, 0)]).subscaleBands?.pain?.id;
    expect(bandOfPain(0)).toBe('none');
    expect(bandOfPain(1)).toBe('mild');
    expect(bandOfPain(3)).toBe('mild');
    expect(bandOfPain(4)).toBe('moderate');
    expect(bandOfPain(6)).toBe('moderate');
    expect(bandOfPain(7)).toBe('severe');
    expect(bandOfPain(10)).toBe('severe');
  });
});
