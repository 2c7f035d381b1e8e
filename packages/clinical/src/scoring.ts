import type { Band, BandRef, InstrumentText, ItemOption } from './types';

/** Helpers shared by the instrument definitions. Pure functions, no state. */

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** Rounds to `digits` decimals (half away from zero), so 4.25 stays 4.25 and 22.2222 becomes 22.2. */
export const round = (value: number, digits = 2): number => {
  const f = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * f)) / f;
};

/** The answered values, or `null` when any is missing. */
export const allAnswered = (values: readonly (number | null)[]): number[] | null =>
  values.every((v): v is number => v !== null) ? [...values] : null;

export const answered = (values: readonly (number | null)[]): number[] =>
  values.filter((v): v is number => v !== null);

/** Picks items by 1-based number. */
export const pick = <T>(values: readonly T[], numbers: readonly number[]): T[] =>
  numbers.map((n) => values[n - 1] as T);

/**
 * The band of a value: the last band whose lower bound the value reaches. Bands are given in
 * ascending order; non-integer values (means, percentages) fall in the band they have reached,
 * e.g. a BPI severity of 4.75 is "mild" (0–4) and 5 is "moderate" (5–6).
 */
export const bandOf = (bands: readonly Band[], value: number): BandRef | null => {
  let found: Band | undefined;
  for (const band of bands) if (value >= band.min) found = band;
  return found ? { id: found.id, label: found.label } : null;
};

export const options = (
  entries: readonly (readonly [number, string, string | null])[],
): ItemOption[] => entries.map(([value, en, es]) => ({ value, label: { en, es } }));

/** A 0–10 numeric rating scale with its two anchors. */
export const nrs = (low: InstrumentText, high: InstrumentText): ItemOption[] =>
  Array.from({ length: 11 }, (_, value) => ({
    value,
    label:
      value === 0
        ? { en: `0 — ${low.en}`, es: low.es === null ? null : `0 — ${low.es}` }
        : value === 10
          ? { en: `10 — ${high.en}`, es: high.es === null ? null : `10 — ${high.es}` }
          : { en: String(value), es: String(value) },
  }));

export const yesNo = (yes: InstrumentText, no: InstrumentText): ItemOption[] => [
  { value: 0, label: no },
  { value: 1, label: yes },
];

/** Freezes shared data (definitions, rules, tables) so no caller can change it for everyone. */
export const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};
