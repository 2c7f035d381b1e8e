import { describe, expect, it } from 'vitest';
import { definition } from '../registry';
import { filled, scored, unscorable } from '../test/helpers';

// TSK-17 (Vlaeyen 1995): 1–4, reverse items 4, 8, 12, 16 (5 − x), total 17–68, > 37 high.
describe('TSK-17', () => {
  it('reverses items 4, 8, 12 and 16', () => {
    expect(definition('tsk17').reverseItems).toEqual([4, 8, 12, 16]);
    // all "strongly agree" (4): 13 × 4 + 4 × 1 = 56
    expect(scored('tsk17', filled(17, 4)).total).toBe(56);
    // all "strongly disagree" (1): 13 × 1 + 4 × 4 = 29
    expect(scored('tsk17', filled(17, 1)).total).toBe(29);
  });

  it('spans 17–68', () => {
    const lowest = filled(17, 1).map((v, i) => ([3, 7, 11, 15].includes(i) ? 4 : v));
    expect(scored('tsk17', lowest).total).toBe(17);
    const highest = filled(17, 4).map((v, i) => ([3, 7, 11, 15].includes(i) ? 1 : v));
    expect(scored('tsk17', highest).total).toBe(68);
  });

  it('bands and flags at 37 / 38 (> 37 is high)', () => {
    // 17 items of 2 with reverse items answered 3 (→ 2): 34; raise three non-reversed items to 3: 37
    const base = filled(17, 2).map((v, i) => ([3, 7, 11, 15].includes(i) ? 3 : v));
    const at37 = base.map((v, i) => (i < 3 ? 3 : v));
    const r37 = scored('tsk17', at37);
    expect(r37.total).toBe(37);
    expect(r37.band?.id).toBe('not-high');
    expect(r37.flags).toEqual([]);
    const at38 = at37.map((v, i) => (i === 4 ? 3 : v));
    const r38 = scored('tsk17', at38);
    expect(r38.total).toBe(38);
    expect(r38.band?.id).toBe('high');
    expect(r38.flags).toEqual([{ id: 'tsk17-high-kinesiophobia' }]);
  });

  it('is not scored with a missing item', () => {
    const a: (number | null)[] = filled(17, 3);
    a[16] = null;
    expect(unscorable('tsk17', a).missingItems).toEqual([17]);
  });
});
