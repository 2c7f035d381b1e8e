import { definition } from '@painlab/clinical';
import { describe, expect, it } from 'vitest';
import { isNumericScale, textOf, unansweredRequired, wordingLanguage } from './instrument-text';

describe('instrument wording', () => {
  it('shows the validated Spanish PHQ-9 in Spanish', () => {
    const phq9 = definition('phq9');
    expect(wordingLanguage(phq9, 'es')).toBe('es');
    expect(textOf(phq9, phq9.items[8]!.text, 'es')).toContain('mejor muerto');
  });

  it('shows an instrument without a validated Spanish version in English, never translated', () => {
    const bpi = definition('bpi');
    expect(wordingLanguage(bpi, 'es')).toBe('en');
    expect(textOf(bpi, bpi.items[0]!.text, 'es')).toBe(bpi.items[0]!.text.en);
    // even the numeric labels that hold a Spanish string stay in the instrument's language
    expect(textOf(bpi, bpi.items[0]!.options[0]!.label, 'es')).toBe('0 — No pain');
  });

  it('lists required unanswered items and knows numeric scales', () => {
    const ipss = definition('ipss');
    expect(unansweredRequired(ipss, [1, 1, 1, 1, 1, 1, null, null])).toEqual([6]);
    expect(isNumericScale(definition('bpi'), 0)).toBe(true);
    expect(isNumericScale(definition('phq9'), 0)).toBe(false);
  });
});
