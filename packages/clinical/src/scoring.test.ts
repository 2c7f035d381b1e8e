import { describe, expect, it } from 'vitest';
import { bandOf, deepFreeze, nrs, round } from './scoring';

describe('scoring helpers', () => {
  it('rounds half away from zero', () => {
    expect(round(4.255)).toBe(4.26);
    expect(round(-4.255)).toBe(-4.26);
    expect(round(35.555, 1)).toBe(35.6);
    expect(round(2)).toBe(2);
  });

  it('labels a 0–10 scale with its anchors, in Spanish only when a validated wording is given', () => {
    const pending = nrs({ en: 'No pain', es: null }, { en: 'Worst pain', es: null });
    expect(pending).toHaveLength(11);
    expect(pending[0]!.label).toEqual({ en: '0 — No pain', es: null });
    expect(pending[10]!.label).toEqual({ en: '10 — Worst pain', es: null });
    expect(pending[5]!.label).toEqual({ en: '5', es: '5' });
    const validated = nrs(
      { en: 'No pain', es: 'Sin dolor' },
      { en: 'Worst pain', es: 'Peor dolor' },
    );
    expect(validated[0]!.label.es).toBe('0 — Sin dolor');
    expect(validated[10]!.label.es).toBe('10 — Peor dolor');
  });

  it('freezes nested data once, leaving primitives alone', () => {
    const data = deepFreeze({ a: [{ b: 1 }], c: null, d: 'x' });
    expect(Object.isFrozen(data.a[0])).toBe(true);
    expect(deepFreeze(data)).toBe(data);
    expect(deepFreeze(3)).toBe(3);
  });

  it('bands below the first band as none', () => {
    expect(bandOf([{ id: 'a', min: 1, max: 2, label: { en: 'A', es: 'A' } }], 0)).toBeNull();
  });
});
