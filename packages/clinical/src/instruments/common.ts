import type { ChangeThreshold, ItemDefinition, ItemOption, SpanishVersion } from '../types';

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

/**
 * Items `q1…qn` from their English texts, in published order, with no Spanish wording until a
 * validated one is held (`pendingSpanish`); `optionsOf` gives each item's answer options.
 */
export const englishItems = (
  texts: readonly string[],
  optionsOf: (index: number) => ItemOption[],
): ItemDefinition[] =>
  texts.map((en, i) => ({
    number: i + 1,
    key: `q${i + 1}`,
    text: { en, es: null },
    options: optionsOf(i),
  }));
