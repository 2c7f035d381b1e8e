import { describe, expect, it } from 'vitest';
import * as clinical from './index';

describe('@painlab/clinical entry point', () => {
  it('exports the whole API', () => {
    expect(Object.keys(clinical).sort()).toEqual(
      [
        'CRISIS_RESOURCES',
        'ClinicalInputError',
        'DEFINITIONS',
        'ESASR_SYMPTOM_BANDS',
        'INSTRUMENT_IDS',
        'MME_LEGACY_2016_THRESHOLD',
        'MME_NALOXONE_THRESHOLD',
        'MME_TABLE',
        'RULES',
        'WHO_LADDER',
        'WHO_LADDER_PRINCIPLES',
        'change',
        'definition',
        'evaluateRules',
        'isInstrumentId',
        'mme',
        'score',
        'startBackRisk',
        'validate',
        'whoLadderStep',
        'TRT',
        'TRT_CONTRAINDICATIONS',
        'trtMonitoringChecks',
        'trtStartChecks',
      ].sort(),
    );
  });

  it('scores, compares and evaluates through the entry point', () => {
    const before = clinical.score('phq9', [2, 2, 2, 2, 2, 2, 2, 2, 1]);
    const after = clinical.score('phq9', [1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(before.total).toBe(17);
    expect(clinical.change('phq9', before, after).measures[0]!.direction).toBe('improved');
    expect(clinical.evaluateRules('phq9', before)).toHaveLength(2);
    expect(clinical.evaluateRules('phq9', after)).toEqual([]);
  });
});
