import { describe, expect, it } from 'vitest';
import { filled, scored, summingTo, unscorable } from '../test/helpers';

// IPSS (Barry 1992): seven symptom items 0–5, total 0–35; 0–7 mild, 8–19 moderate, 20–35 severe;
// quality of life (item 8, 0–6) optional and reported apart.
describe('IPSS', () => {
  it('sums the seven symptom items and reports quality of life apart', () => {
    const r = scored('ipss', [2, 3, 1, 2, 3, 1, 2, 4]);
    expect(r.total).toBe(14);
    expect(r.subscales.qualityOfLife).toBe(4);
    expect(r.band?.id).toBe('moderate');
  });

  it('takes the quality-of-life item as absent or null', () => {
    expect(scored('ipss', filled(7, 5)).subscales.qualityOfLife).toBeNull();
    expect(scored('ipss', [...filled(7, 5), null]).total).toBe(35);
    expect(scored('ipss', [...filled(7, 0), 6]).subscales.qualityOfLife).toBe(6);
  });

  it('bands at every boundary (both sides)', () => {
    const band = (total: number) => scored('ipss', summingTo(7, 5, total)).band?.id;
    expect(band(0)).toBe('mild');
    expect(band(7)).toBe('mild');
    expect(band(8)).toBe('moderate');
    expect(band(19)).toBe('moderate');
    expect(band(20)).toBe('severe');
    expect(band(35)).toBe('severe');
  });

  it('is not scored with a symptom item missing', () => {
    const r = unscorable('ipss', [1, 1, 1, null, 1, 1, 1, 2]);
    expect(r.missingItems).toEqual([4]);
    expect(r.subscales.qualityOfLife).toBe(2);
  });
});
