import { describe, expect, it } from 'vitest';
import { scored, unscorable } from '../test/helpers';

// PEG (Krebs 2009): mean of pain average, enjoyment of life, general activity; no bands published.
describe('PEG', () => {
  it('is the mean of its three items', () => {
    expect(scored('peg', [6, 7, 8]).total).toBe(7);
    expect(scored('peg', [5, 4, 4]).total).toBe(4.33);
    expect(scored('peg', [0, 0, 0]).total).toBe(0);
    expect(scored('peg', [10, 10, 10]).total).toBe(10);
  });

  it('has no band: Krebs published none, the PEG is a trend measure', () => {
    expect(scored('peg', [9, 9, 9]).band).toBeNull();
  });

  it('is not scored with any item missing', () => {
    expect(unscorable('peg', [6, null, 8]).missingItems).toEqual([2]);
    expect(unscorable('peg', [null, null, null]).missingItems).toEqual([1, 2, 3]);
  });
});
