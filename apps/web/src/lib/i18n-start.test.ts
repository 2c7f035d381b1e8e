import { describe, expect, it } from 'vitest';
import { detectStartLanguage, startLanguages } from './i18n-start';

describe("detectStartLanguage (the boot script's guess of the language i18next will pick)", () => {
  it('takes the stored choice first, then the first supported browser language, else English', () => {
    expect(detectStartLanguage('es', ['en-US'])).toBe('es');
    expect(detectStartLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(detectStartLanguage('de', ['EN-gb'])).toBe('en');
    expect(detectStartLanguage(null, ['fr', 'de'])).toBe('en');
    expect(detectStartLanguage(null, [])).toBe('en');
  });

  it('loads the fallback language beside Spanish, as i18next does', () => {
    expect(startLanguages('es')).toEqual(['es', 'en']);
    expect(startLanguages('en')).toEqual(['en']);
  });
});
