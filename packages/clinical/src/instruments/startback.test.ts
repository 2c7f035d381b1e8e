import { describe, expect, it } from 'vitest';
import { startBackRisk } from './startback';
import { scored, unscorable } from '../test/helpers';

// Keele STarT Back: items 1–8 agree = 1; item 9 scores 1 only for "very much" (3) or
// "extremely" (4). Total ≤3 low; total ≥4 with psychosocial (5–9) ≤3 medium; psychosocial ≥4 high.
describe('STarT Back', () => {
  it('scores item 9 as 1 only for "very much" or "extremely"', () => {
    const withItem9 = (v: number) => scored('startback', [0, 0, 0, 0, 0, 0, 0, 0, v]).total;
    expect(withItem9(0)).toBe(0);
    expect(withItem9(1)).toBe(0);
    expect(withItem9(2)).toBe(0);
    expect(withItem9(3)).toBe(1);
    expect(withItem9(4)).toBe(1);
  });

  it('low risk at a total of 3 even with a psychosocial score of 3', () => {
    const r = scored('startback', [0, 0, 0, 0, 1, 1, 1, 0, 0]);
    expect(r.total).toBe(3);
    expect(r.subscales.psychosocial).toBe(3);
    expect(r.band?.id).toBe('low');
  });

  it('medium risk at a total of 4 with psychosocial 3', () => {
    const r = scored('startback', [1, 0, 0, 0, 1, 1, 1, 0, 2]);
    expect(r.total).toBe(4);
    expect(r.subscales.psychosocial).toBe(3);
    expect(r.band?.id).toBe('medium');
  });

  it('high risk at psychosocial 4', () => {
    const r = scored('startback', [0, 0, 0, 0, 1, 1, 1, 0, 4]);
    expect(r.total).toBe(4);
    expect(r.subscales.psychosocial).toBe(4);
    expect(r.band?.id).toBe('high');
    expect(scored('startback', [1, 1, 1, 1, 1, 1, 1, 1, 4]).band?.id).toBe('high');
  });

  it('medium with a high physical score but low psychosocial score', () => {
    expect(scored('startback', [1, 1, 1, 1, 0, 0, 0, 0, 0]).band?.id).toBe('medium');
  });

  it('is not scored with a missing item; a complete psychosocial subscale is still given', () => {
    const physicalMissing = unscorable('startback', [null, 1, 1, 1, 1, 1, 1, 1, 3]);
    expect(physicalMissing.subscales.psychosocial).toBe(5);
    const psychosocialMissing = unscorable('startback', [1, 1, 1, 1, 1, null, 1, 1, 3]);
    expect(psychosocialMissing.subscales.psychosocial).toBeNull();
  });

  it('classifies risk directly', () => {
    expect(startBackRisk(3, 3)).toBe('low');
    expect(startBackRisk(4, 3)).toBe('medium');
    expect(startBackRisk(4, 4)).toBe('high');
  });
});
