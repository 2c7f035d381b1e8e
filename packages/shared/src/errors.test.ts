import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, PERMISSION_TERMS, pickLang } from './errors';
import { ACTIONS, RESOURCES } from './permissions';

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

  it('a refusal in Spanish names the action and the resource in Spanish too', () => {
    expect(
      errorMessage('forbidden', 'es', { action: 'filter by patient', resource: 'tasks' }),
    ).toBe('Acceso denegado. Necesita el permiso filtrar por paciente sobre tareas.');
    expect(errorMessage('forbidden', 'es', { action: 'edit', resource: 'users' })).toBe(
      'Acceso denegado. Necesita el permiso editar sobre usuarios.',
    );
    // every action and resource of the permission matrix has its term
    for (const term of [...ACTIONS, ...RESOURCES]) expect(PERMISSION_TERMS).toHaveProperty([term]);
    // parameters of other messages are left as they are
    expect(errorMessage('forbidden', 'en', { action: 'edit', resource: 'tasks' })).toBe(
      'Access denied. You need edit permission for tasks.',
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
