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

  it('is not scored with a missing item', () => {
    const r = unscorable('stopbang', [1, 1, 1, 1, 1, null, 0, 0]);
    expect(r.subscales.stop).toBeNull();
  });
});
