import type { ChangeThreshold, SpanishVersion } from '../types';

/** IMMPACT thresholds for pain intensity (Dworkin et al., J Pain 2008;9:105–121), as applied by ePPOC. */
export const IMMPACT: ChangeThreshold = {
  kind: 'percent',
  minimal: 10,
  moderate: 30,
  substantial: 50,
  source:
    'IMMPACT (Dworkin RH et al., J Pain 2008;9(2):105–121): ≥10 % minimally, ≥30 % moderately, ≥50 % substantially important change in pain intensity; as applied to the BPI by ePPOC.',
};

export const pendingSpanish = (validatedVersion: string): SpanishVersion => ({
  status: 'pending validated translation',
  note: `No validated Spanish wording is held in this package yet; do not machine-translate. Validated version to obtain (and check its licence): ${validatedVersion}.`,
});
