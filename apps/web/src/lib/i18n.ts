/**
 * i18next setup (SPEC §1, §9): language from localStorage (`i18nextLng`), then the `painlab_lang`
 * cookie (both written on every change; the cookie is for the server-rendered site pages), then the
 * browser, English as the fallback (`detectLanguage`, the same rule as `src/boot.ts`); Spanish and English supported. The start-up namespaces of a language are one
 * chunk (`i18n-start.ts`, started early by `src/boot.ts`); every other namespace is a lazily
 * imported JSON chunk of its own; a failed load is retried 5 times from 350 ms, doubling.
 */
import i18n, { type ReadCallback } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, readCookie, setCookie } from '../site/handoff';
import { setLanguageProvider } from './api-client';
import {
  detectStartLanguage,
  START_NAMESPACES,
  START_TEXTS,
  type StartLanguage,
  type StartNamespace,
} from './i18n-start';
import { errorContext, logger } from './logger';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Loaded at start. */
export const NAMESPACES = START_NAMESPACES;
/** Loaded by the route modules that need them (`loadNamespaces`), so the landing page never fetches them. */
export const LAZY_NAMESPACES = [
  'patients',
  'portal',
  'record',
  'outbox',
  'auditLogs',
  'tasks',
  'users',
  'appointments',
  'contactMessages',
  'questionnaires',
  'messages',
  'notifications',
  'workshops',
  'treatments',
  'siteEditor',
] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof ALL_NAMESPACES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type JsonModule = { default: Record<string, unknown> };
const loaders = import.meta.glob<JsonModule>(
  '../locales/*/{patients,portal,record,outbox,auditLogs,tasks,users,appointments,contactMessages,questionnaires,messages,notifications,workshops,treatments,siteEditor}.json',
);

// A set of its own: i18next adds every namespace it is asked for to the `ns` array it was given.
const START_SET: ReadonlySet<string> = new Set(START_NAMESPACES);

function loadTexts(language: string, namespace: string): Promise<Record<string, unknown>> | null {
  if (isLanguage(language) && START_SET.has(namespace)) {
    return START_TEXTS[language satisfies StartLanguage]().then(
      (module) => module.default[namespace as StartNamespace],
    );
  }
  const load = loaders[`../locales/${language}/${namespace}.json`];
  return load ? load().then((module) => module.default) : null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The UI language, reduced to a supported one ("es-ES" → "es"). */
export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

/**
 * Settles when `initI18n` has finished (or failed). The router starts loading the first route's
 * module (and its namespaces) while the entry is still starting i18next; those loads wait for it.
 */
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => (markStarted = resolve));

export async function initI18n(): Promise<typeof i18n> {
  try {
    return await startI18n();
  } finally {
    markStarted();
  }
}

/** The stored choice (localStorage), then the site pages' cookie, then the browser's languages. */
export function detectLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage unavailable (private mode): the cookie and the browser decide
  }
  const cookie = readCookie(LANG_COOKIE);
  return detectStartLanguage(stored, [...(cookie ? [cookie] : []), ...navigator.languages]);
}

async function startI18n(): Promise<typeof i18n> {
  setLanguageProvider(currentLanguage);
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, currentLanguage());
    } catch {
      // storage unavailable: the cookie below still carries the choice
    }
    // the server renders the site pages (/login) in it (docs/decisions/0012)
    setCookie(LANG_COOKIE, currentLanguage(), LANG_COOKIE_MAX_AGE);
  });
  await i18n
    .use(
      resourcesToBackend((language: string, namespace: string, callback: ReadCallback) => {
        const texts = loadTexts(language, namespace);
        if (!texts) {
          callback(new Error(`No translations for ${language}/${namespace}`), false);
          return;
        }
        texts.then(
          (data) => callback(null, data),
          (error: unknown) => {
            logger.warn('Translations failed to load', { ...errorContext(error), language });
            // `true` as data tells i18next the failure may be retried.
            callback(error instanceof Error ? error : new Error(String(error)), true);
          },
        );
      }),
    )
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  document.documentElement.lang = currentLanguage();
  return i18n;
}

/**
 * Loads namespaces before a route module renders (so no key flashes on screen), once i18next has
 * started (a route module requested at start-up asks before that). i18next then keeps
 * them in its list and loads them again on a language change. A failure is logged, not thrown: the
 * screen still renders and react-i18next fills the texts in when they arrive.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await started;
  if (!i18n.isInitialized) return;
  try {
    await i18n.loadNamespaces([...namespaces]);
  } catch (error) {
    logger.warn('Translations failed to load', {
      ...errorContext(error),
      language: currentLanguage(),
    });
  }
}

/** Switches the UI language; the detector remembers it in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
