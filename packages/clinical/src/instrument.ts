import type { Answers, BandRef, Flag, InstrumentDefinition } from './types';

/** What an instrument computes from validated answers; `score()` adds bands and the envelope. */
export interface Computed {
  /** `null` when the missing-data rule says there is no total. */
  total: number | null;
  subscales: Record<string, number | null>;
  flags: Flag[];
  /** Per-subscale bands (ESAS-r per-symptom severity). */
  subscaleBands?: Record<string, BandRef | null>;
  /** The band id when it is not a plain cut on the total (STarT Back risk group). */
  bandId?: string;
}

export interface Instrument {
  definition: InstrumentDefinition;
  /**
   * `points` are the answers as they count towards the score (reverse items already reversed,
   * option points applied), `answers` the raw validated answers; both in published item order.
   */
  compute(points: readonly (number | null)[], answers: Answers): Computed;
}
