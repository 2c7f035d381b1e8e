/** Why `score()` (or `change()`, `mme()`) refused its input. Never guessed around: the caller fixes the input. */
export type ClinicalInputErrorCode =
  | 'unknown-instrument'
  | 'not-an-array'
  | 'wrong-length'
  | 'not-an-integer'
  | 'out-of-range'
  | 'instrument-mismatch'
  | 'unknown-opioid'
  | 'invalid-dose'
  | 'invalid-value';

export class ClinicalInputError extends Error {
  override readonly name = 'ClinicalInputError';
  constructor(
    readonly code: ClinicalInputErrorCode,
    message: string,
    /** 1-based item number (score) or 0-based entry index (mme), when the error is about one. */
    readonly item?: number,
  ) {
    super(message);
  }
}
