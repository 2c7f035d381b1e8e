import { describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS } from '@painlab/shared/form-messages';
import { ALL_NAMESPACES } from '../lib/i18n';

type Json = { [key: string]: string | Json };

const files = import.meta.glob<{ default: Json }>('./*/*.json', { eager: true });

function load(lang: string, ns: string): Json {
  const file = files[`./${lang}/${ns}.json`];
  if (!file) throw new Error(`missing ${lang}/${ns}.json`);
  return file.default;
}

function flatten(obj: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Namespaces only the server-rendered site pages use (src/site/public/texts.ts), never i18next. */
const SITE_ONLY_NAMESPACES = ['site'] as const;

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it("the server's closed-registration refusal reads in both languages", () => {
    expect(flatten(load('en', 'auth')).get('errors.REGISTRATION_CLOSED')).toBe(
      'Registration is closed. Ask your clinic for an invitation link.',
    );
    expect(flatten(load('es', 'auth')).get('errors.REGISTRATION_CLOSED')).toBe(
      'El registro está cerrado. Pide a tu clínica un enlace de invitación.',
    );
  });

  it('has exactly the namespaces the app loads, in both languages', () => {
    const present = Object.keys(files).sort();
    const expected = ['en', 'es']
      .flatMap((lang) =>
        [...ALL_NAMESPACES, ...SITE_ONLY_NAMESPACES].map((ns) => `./${lang}/${ns}.json`),
      )
      .sort();
    expect(present).toEqual(expected);
  });

  for (const ns of [...ALL_NAMESPACES, ...SITE_ONLY_NAMESPACES]) {
    describe(ns, () => {
      const en = flatten(load('en', ns));
      const es = flatten(load('es', ns));

      it('has every English key in Spanish and vice versa', () => {
        expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
      });

      it('uses the same interpolation variables in both languages', () => {
        for (const [key, text] of en)
          expect(variables(es.get(key) ?? ''), key).toEqual(variables(text));
      });

      it('has no empty texts', () => {
        for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe('');
      });
    });
  }

  it('translates every form message key of @painlab/shared, and the generic one', () => {
    for (const lang of ['en', 'es']) {
      const common = flatten(load(lang, 'common'));
      const missing = [...FORM_MESSAGE_KEYS, 'invalid'].filter(
        (key) => !common.get(`validation.${key}`),
      );
      expect(missing, lang).toEqual([]);
    }
  });

  it('keeps the spec wording (SPEC §2, §8)', () => {
    const en = (ns: string) => flatten(load('en', ns));
    const es = (ns: string) => flatten(load('es', ns));
    expect(en('common').get('loading.dashboard')).toBe('Loading your dashboard...');
    expect(en('common').get('toasts.signedIn')).toBe('Successfully signed in!');
    expect(en('common').get('toasts.signedOut')).toBe('Successfully signed out');
    expect(es('common').get('toasts.signOutFailed')).toBe(
      'Error al cerrar sesión. Por favor, inténtelo de nuevo.',
    );
    expect(es('common').get('shell.closeMenu')).toBe('Cerrar menú');
    expect(en('common').get('shell.navigatingTo')).toBe('Navigating to {{title}}');
    expect(en('errors').get('guards.authRequired')).toBe(
      'Authentication required. Please log in to continue.',
    );
    expect(es('errors').get('guards.roleDenied')).toBe(
      'Acceso denegado. Necesitas uno de estos roles: {{roles}}',
    );
    expect(en('errors').get('guards.permissionDenied')).toBe(
      'Access denied. You need {{action}} permission for {{resource}}.',
    );
    expect(en('errors').get('app.title')).toBe('Application Error');
    expect(en('errors').get('app.subtitle')).toBe(
      "Something went wrong. We're sorry for the inconvenience.",
    );
    expect(en('errors').get('app.refreshing')).toBe('Refreshing application...');
    expect(en('errors').get('app.connection.checking')).toBe('Checking database connection...');
    expect(en('errors').get('render.fallbackMessage')).toBe('An unexpected error occurred');
    expect(es('dashboard').get('cards.appointments.opening')).toBe('Abriendo el gestor de citas');
    expect(es('dashboard').get('cards.appointments.title')).toBe('Citas');
    expect(es('dashboard').get('cards.apiDocs.title')).toBe('Documentación de API');
  });
});
