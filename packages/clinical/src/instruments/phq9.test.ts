import { describe, expect, it } from 'vitest';
import { definition } from '../registry';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// PHQ-9 (Kroenke 2001): 9 items 0–3, total 0–27; bands 5 / 10 / 15 / 20; item 9 > 0 flagged.
describe('PHQ-9', () => {
  it('sums the nine items', () => {
    const r = scored('phq9', [1, 2, 1, 3, 0, 1, 2, 1, 0]);
    expect(r.total).toBe(11);
    expect(r.band?.id).toBe('moderate');
    expect(r.flags).toEqual([]);
    expect(scored('phq9', filled(9, 3)).total).toBe(27);
  });

  it('bands at every boundary (both sides)', () => {
    const band = (total: number) => scored('phq9', summingTo(9, 3, total).reverse()).band?.id;
    // reversed so item 9 stays 0 below 25 and the self-harm flag does not interfere
    expect(band(0)).toBe('minimal');
    expect(band(4)).toBe('minimal');
    expect(band(5)).toBe('mild');
    expect(band(9)).toBe('mild');
    expect(band(10)).toBe('moderate');
    expect(band(14)).toBe('moderate');
    expect(band(15)).toBe('moderately-severe');
    expect(band(19)).toBe('moderately-severe');
    expect(band(20)).toBe('severe');
    expect(band(27)).toBe('severe');
  });

  it('flags item 9 above 0 whatever the total', () => {
    const low = scored('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(low.total).toBe(1);
    expect(low.band?.id).toBe('minimal');
    expect(low.flags).toEqual([{ id: 'phq9-self-harm', item: 9 }]);
  });

  it('flags item 9 even when the total cannot be scored', () => {
    const r = unscorable('phq9', [null, 2, 2, null, 1, 1, 1, 1, 2]);
    expect(r.flags).toEqual([{ id: 'phq9-self-harm', item: 9 }]);
    expect(r.missingItems).toEqual([1, 4]);
  });

  it('flags an unanswered item 9 and does not prorate', () => {
    const r = unscorable('phq9', [3, 3, 3, 3, 3, 3, 3, 3, null]);
    expect(r.flags).toEqual([{ id: 'phq9-self-harm-unanswered', item: 9 }]);
    expect(r.total).toBeNull();
  });

  it('carries the official Spanish wording, marked validated', () => {
    const def = definition('phq9');
    expect(def.spanish.status).toBe('validated');
    expect(def.items[8]?.text.es).toBe(
      'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
    );
    expect(
      def.items.every(
        (item) => item.text.es !== null && item.options.every((o) => o.label.es !== null),
      ),
    ).toBe(true);
  });
});
