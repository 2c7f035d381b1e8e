import { describe, expect, it } from 'vitest';
import { filled, scored, unscorable } from '../test/helpers';

// DN4 (Bouhassira 2005): 10 yes/no items (7 interview, 3 examination); ≥4 suggests neuropathic pain.
describe('DN4', () => {
  it('counts yes answers with interview and examination parts', () => {
    const r = scored('dn4', [1, 0, 1, 1, 0, 0, 0, 1, 0, 1]);
    expect(r.total).toBe(5);
    expect(r.subscales).toEqual({ interview: 3, examination: 2 });
  });

  it('boundary 3 / 4', () => {
    const three = scored('dn4', [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(three.band?.id).toBe('unlikely');
    expect(three.flags).toEqual([]);
    const four = scored('dn4', [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(four.band?.id).toBe('likely');
    expect(four.flags).toEqual([{ id: 'dn4-neuropathic' }]);
  });

  it('spans 0–10', () => {
    expect(scored('dn4', filled(10, 0)).total).toBe(0);
    expect(scored('dn4', filled(10, 1)).total).toBe(10);
  });

  it('does not treat an unexamined item as "no"', () => {
    const r = unscorable('dn4', [1, 1, 1, 0, 0, 0, 0, null, null, null]);
    expect(r.subscales).toEqual({ interview: null, examination: null });
    expect(r.missingItems).toEqual([8, 9, 10]);
  });
});
