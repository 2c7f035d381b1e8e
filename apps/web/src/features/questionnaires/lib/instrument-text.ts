/**
 * The wording of an instrument in the patient's language, from packages/clinical. An instrument
 * without a validated Spanish version is shown in English, whole, with a note: it is never
 * machine-translated.
 */
import type { InstrumentDefinition, Language } from '@painlab/clinical';

export function wordingLanguage(def: InstrumentDefinition, language: Language): Language {
  return language === 'es' && def.spanish.status === 'validated' ? 'es' : 'en';
}

/** The text in `language`, or the English when the instrument holds no validated Spanish. */
export function textOf(
  def: InstrumentDefinition,
  text: { en: string; es: string | null },
  language: Language,
): string {
  return wordingLanguage(def, language) === 'es' ? (text.es ?? text.en) : text.en;
}

/** A 0–10 rating scale (and other long numeric scales) is shown as a row of numbers. */
export const isNumericScale = (def: InstrumentDefinition, index: number) =>
  (def.items[index]?.options.length ?? 0) > 6;

/** The 0-based indexes of the required items still unanswered. */
export function unansweredRequired(
  def: InstrumentDefinition,
  answers: readonly (number | null)[],
): number[] {
  return def.items.flatMap((item, i) => (!item.optional && answers[i] == null ? [i] : []));
}
