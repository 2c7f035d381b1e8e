import { describe, expect, it } from 'vitest';
import { ClinicalInputError } from './errors';
import { mme, MME_TABLE, type Opioid } from './mme';

describe('MME (CDC 2022 factors)', () => {
  it('uses the CDC 2022 table, not the older CDS factors', () => {
    expect(MME_TABLE.version).toBe('CDC-2022');
    expect(MME_TABLE.factors.hydromorphone.factor).toBe(5);
    expect(MME_TABLE.factors.methadone.factor).toBe(4.7);
    expect(MME_TABLE.factors.fentanylTransdermal).toEqual({ factor: 2.4, unit: 'mcg/hour' });
    expect(Object.keys(MME_TABLE.factors)).toHaveLength(10);
  });

  it('computes each entry and the total', () => {
    const r = mme([
      { opioid: 'oxycodone', dailyDose: 20 },
      { opioid: 'tramadol', dailyDose: 100 },
    ]);
    expect(r.entries.map((e) => e.mme)).toEqual([30, 20]);
    expect(r.total).toBe(50);
    expect(r.alerts.map((a) => a.id)).toEqual(['mme-50-naloxone']);
    expect(r.cautions).toEqual([]);
  });

  it('one worked example per factor', () => {
    const one = (opioid: Opioid, dailyDose: number) => mme([{ opioid, dailyDose }]).total;
    expect(one('codeine', 120)).toBe(18);
    expect(one('fentanylTransdermal', 25)).toBe(60);
    expect(one('hydrocodone', 30)).toBe(30);
    expect(one('hydromorphone', 8)).toBe(40);
    expect(one('methadone', 10)).toBe(47);
    expect(one('morphine', 60)).toBe(60);
    expect(one('oxycodone', 10)).toBe(15);
    expect(one('oxymorphone', 10)).toBe(30);
    expect(one('tapentadol', 100)).toBe(40);
    expect(one('tramadol', 200)).toBe(40);
  });

  it('alerts at 50 and 90 MME/day, not just below', () => {
    const ids = (dailyDose: number) =>
      mme([{ opioid: 'morphine', dailyDose }]).alerts.map((a) => a.id);
    expect(ids(49.9)).toEqual([]);
    expect(ids(50)).toEqual(['mme-50-naloxone']);
    expect(ids(89.9)).toEqual(['mme-50-naloxone']);
    expect(ids(90)).toEqual(['mme-50-naloxone', 'mme-90-legacy-2016']);
    const alert = mme([{ opioid: 'morphine', dailyDose: 90 }]).alerts[1]!;
    expect(alert.severity).toBe('info');
    expect(alert.message.es).toMatch(/2022 no fija un límite/);
  });

  it('turns the CDC alerts off out of the guideline’s scope, still computing MME', () => {
    const r = mme([{ opioid: 'morphine', dailyDose: 200 }], { outOfScope: true });
    expect(r).toMatchObject({ total: 200, alertsApply: false, alerts: [] });
  });

  it('names methadone and transdermal fentanyl as needing particular care, once each', () => {
    const r = mme([
      { opioid: 'methadone', dailyDose: 5 },
      { opioid: 'methadone', dailyDose: 5 },
      { opioid: 'fentanylTransdermal', dailyDose: 12 },
      { opioid: 'morphine', dailyDose: 10 },
    ]);
    expect(r.cautions).toEqual(['methadone', 'fentanylTransdermal']);
    expect(r.total).toBe(85.8);
  });

  it('an empty regimen is 0 MME', () => {
    expect(mme([]).total).toBe(0);
  });

  it('refuses unknown opioids (buprenorphine has no CDC factor) and invalid doses', () => {
    const error = (() => {
      try {
        mme([
          { opioid: 'morphine', dailyDose: 10 },
          { opioid: 'buprenorphine' as Opioid, dailyDose: 10 },
        ]);
      } catch (e) {
        return e as ClinicalInputError;
      }
    })();
    expect(error).toBeInstanceOf(ClinicalInputError);
    expect(error?.code).toBe('unknown-opioid');
    expect(error?.item).toBe(1);
    expect(() => mme([{ opioid: 'toString' as Opioid, dailyDose: 10 }])).toThrow(
      /no CDC 2022 MME factor/,
    );
    for (const dailyDose of [
      0,
      -5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '10' as unknown as number,
    ]) {
      expect(() => mme([{ opioid: 'morphine', dailyDose }])).toThrow(
        expect.objectContaining({ code: 'invalid-dose' }),
      );
    }
  });
});
