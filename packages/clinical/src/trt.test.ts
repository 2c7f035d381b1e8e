import { describe, expect, it } from 'vitest';
import { ClinicalInputError } from './errors';
import { score } from './score';
import { TRT, TRT_CONTRAINDICATIONS, trtMonitoringChecks, trtStartChecks } from './trt';

const ids = (advisories: { id: string }[]) => advisories.map((a) => a.id);

describe('TRT (Endocrine Society 2018)', () => {
  it('holds the guideline constants', () => {
    expect(TRT.totalTestosteroneNgDl).toMatchObject({ low: 264, high: 916 });
    expect(TRT).toMatchObject({
      psaDoNotStartNgMl: 4,
      psaDoNotStartHighRiskNgMl: 3,
      psaRiseReferNgMl: 1.4,
      hematocritStopPercent: 54,
      severeLutsIpss: 20,
    });
  });

  it('nothing to say with normal values or none', () => {
    expect(trtStartChecks({})).toEqual([]);
    expect(
      trtStartChecks({
        totalTestosteroneNgDl: 264,
        psaNgMl: 4,
        hematocritPercent: 49.9,
        ipssTotal: 19,
      }),
    ).toEqual([]);
  });

  it('low testosterone asks for confirmation (263 vs 264 ng/dL)', () => {
    expect(ids(trtStartChecks({ totalTestosteroneNgDl: 263 }))).toEqual([
      'low-testosterone-confirm',
    ]);
  });

  it('PSA start limit: > 4, or > 3 with high prostate-cancer risk', () => {
    expect(ids(trtStartChecks({ psaNgMl: 4.1 }))).toEqual(['psa-above-start-limit']);
    expect(ids(trtStartChecks({ psaNgMl: 3.5 }))).toEqual([]);
    expect(ids(trtStartChecks({ psaNgMl: 3.5, highProstateCancerRisk: true }))).toEqual([
      'psa-above-start-limit',
    ]);
    expect(ids(trtStartChecks({ psaNgMl: 3, highProstateCancerRisk: true }))).toEqual([]);
  });

  it('baseline haematocrit from 50 % and severe LUTS from IPSS 20', () => {
    expect(ids(trtStartChecks({ hematocritPercent: 50 }))).toEqual([
      'hematocrit-elevated-at-baseline',
    ]);
    const ipss = score('ipss', [3, 3, 3, 3, 3, 3, 2]);
    expect(ipss.total).toBe(20);
    const advisories = trtStartChecks({ ipssTotal: ipss.total as number });
    expect(ids(advisories)).toEqual(['severe-luts']);
    expect(advisories[0]!.blocksCare).toBe(false);
  });

  it('lists each contraindication in both languages', () => {
    const advisories = trtStartChecks({ contraindications: ['thrombophilia', 'recentMiOrStroke'] });
    expect(ids(advisories)).toEqual(['contraindication', 'contraindication']);
    expect(advisories[0]!.message.es).toContain('trombofilia');
    expect(advisories[1]!.message.en).toContain('within the last 6 months');
    expect(Object.keys(TRT_CONTRAINDICATIONS)).toHaveLength(7);
  });

  it('monitoring: PSA rise > 1.4 or PSA > 4 or abnormal DRE in the first year → urology', () => {
    expect(
      ids(trtMonitoringChecks({ monthsOnTherapy: 6, baselinePsaNgMl: 1, psaNgMl: 2.5 })),
    ).toEqual(['psa-rise-refer-urology']);
    expect(
      ids(trtMonitoringChecks({ monthsOnTherapy: 6, baselinePsaNgMl: 1, psaNgMl: 2.4 })),
    ).toEqual([]);
    expect(ids(trtMonitoringChecks({ monthsOnTherapy: 12, psaNgMl: 4.2 }))).toEqual([
      'psa-above-refer-urology',
    ]);
    expect(ids(trtMonitoringChecks({ monthsOnTherapy: 3, abnormalDre: true }))).toEqual([
      'abnormal-dre-refer-urology',
    ]);
    // after the first year, standard screening applies instead
    expect(
      trtMonitoringChecks({
        monthsOnTherapy: 13,
        baselinePsaNgMl: 1,
        psaNgMl: 5,
        abnormalDre: true,
      }),
    ).toEqual([]);
  });

  it('monitoring: haematocrit above 54 % → stop until safe (54 is not above)', () => {
    expect(ids(trtMonitoringChecks({ monthsOnTherapy: 24, hematocritPercent: 54.1 }))).toEqual([
      'hematocrit-stop',
    ]);
    expect(ids(trtMonitoringChecks({ monthsOnTherapy: 24, hematocritPercent: 54 }))).toEqual([]);
  });

  it('refuses impossible values', () => {
    expect(() => trtStartChecks({ psaNgMl: -1 })).toThrow(ClinicalInputError);
    expect(() => trtStartChecks({ hematocritPercent: Number.NaN })).toThrow(/Haematocrit/);
    expect(() => trtMonitoringChecks({} as never)).toThrow(/Months on therapy is required/);
    expect(() => trtMonitoringChecks({ monthsOnTherapy: '6' as unknown as number })).toThrow(
      expect.objectContaining({ code: 'invalid-value' }),
    );
  });
});
