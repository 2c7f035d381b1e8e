import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, pickLang } from './errors';

describe('error messages', () => {
  it('exist in English and Spanish for every code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(code, 'en')).not.toBe('');
      expect(errorMessage(code, 'es')).not.toBe('');
      expect(errorMessage(code, 'es')).not.toBe(errorMessage(code, 'en'));
    }
  });

  it('fill parameters (SPEC §8 wording)', () => {
    expect(errorMessage('forbidden', 'en', { action: 'edit', resource: 'patients' })).toBe(
      'Access denied. You need edit permission for patients.',
    );
    expect(errorMessage('unauthenticated', 'en')).toBe(
      'Authentication required. Please log in to continue.',
    );
  });
});

describe('pickLang', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,es;q=0.5', 'es'],
    ['de-DE', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });
});
