import { ClinicalInputError } from './errors';
import { instrument } from './registry';
import { round } from './scoring';
import type { ChangeThreshold, InstrumentId, ScoreResult } from './types';

export type PercentLevel =
  'substantial' | 'moderate' | 'minimal' | 'below-threshold' | 'not-assessable';

export type ChangeAssessment =
  | {
      kind: 'percent';
      /** Magnitude of the change against the baseline, in the direction given by `direction`. */
      level: PercentLevel;
      source: string;
    }
  | { kind: 'points'; mcid: number; important: boolean; source: string };

export interface MeasureChange {
  /** `total` or a subscale key. */
  measure: string;
  before: number | null;
  after: number | null;
  /** after − before; `null` when either side has no value. */
  difference: number | null;
  /** Improvement as a percent of the baseline (positive = better); `null` when the baseline is 0 or missing. */
  percentImprovement: number | null;
  direction: 'improved' | 'worsened' | 'unchanged' | null;
  /** One per published threshold for this measure (empty when none is published). */
  assessments: ChangeAssessment[];
}

export interface ChangeResult {
  instrumentId: InstrumentId;
  measures: MeasureChange[];
}

const valueOf = (result: ScoreResult, measure: string): number | null =>
  measure === 'total' ? result.total : (result.subscales[measure] ?? null);

const percentLevel = (
  threshold: Extract<ChangeThreshold, { kind: 'percent' }>,
  percent: number | null,
): PercentLevel => {
  if (percent === null) return 'not-assessable';
  const magnitude = Math.abs(percent);
  if (magnitude >= threshold.substantial) return 'substantial';
  if (magnitude >= threshold.moderate) return 'moderate';
  if (magnitude >= threshold.minimal) return 'minimal';
  return 'below-threshold';
};

export const measureChange = (
  higherIsWorse: boolean,
  measure: string,
  thresholds: readonly ChangeThreshold[],
  before: number | null,
  after: number | null,
): MeasureChange => {
  const comparable = before !== null && after !== null;
  const difference = comparable ? round(after - before) : null;
  // Improvement is a fall for instruments where higher is worse, a rise otherwise.
  const improvement = difference === null ? null : higherIsWorse ? -difference : difference;
  const percentImprovement =
    improvement === null || before === 0
      ? null
      : round((improvement / (before as number)) * 100, 1);
  const direction =
    improvement === null
      ? null
      : improvement > 0
        ? 'improved'
        : improvement < 0
          ? 'worsened'
          : 'unchanged';
  const assessments = thresholds.map((threshold): ChangeAssessment =>
    threshold.kind === 'percent'
      ? {
          kind: 'percent',
          level: percentLevel(threshold, percentImprovement),
          source: threshold.source,
        }
      : {
          kind: 'points',
          mcid: threshold.mcid,
          important: improvement !== null && Math.abs(improvement) >= threshold.mcid,
          source: threshold.source,
        },
  );
  return { measure, before, after, difference, percentImprovement, direction, assessments };
};

/**
 * Change between two scored results of the same instrument, on the total and every subscale,
 * direction-aware (for every instrument here a lower score is better), with each published
 * threshold: IMMPACT percentages for pain intensity and the instrument's MCID in points.
 * An assessment is about the size of the change; `direction` says whether it was for the better.
 */
export const change = (
  instrumentId: InstrumentId,
  before: ScoreResult,
  after: ScoreResult,
): ChangeResult => {
  const { definition: def } = instrument(instrumentId);
  if (before.instrumentId !== def.id || after.instrumentId !== def.id) {
    throw new ClinicalInputError(
      'instrument-mismatch',
      `Both results must be ${def.abbreviation} results.`,
    );
  }
  const measures = ['total', ...def.subscales.map((s) => s.key)];
  return {
    instrumentId: def.id,
    measures: measures.map((measure) =>
      measureChange(
        def.higherIsWorse,
        measure,
        def.change.find((rule) => rule.measure === measure)?.thresholds ?? [],
        valueOf(before, measure),
        valueOf(after, measure),
      ),
    ),
  };
};
