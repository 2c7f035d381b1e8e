/**
 * i18next setup (SPEC §1, §9): language from localStorage (`i18nextLng`), then the browser, English
 * as the fallback; Spanish and English supported. Each namespace of each language is a lazily
 * imported JSON chunk; a failed load is retried 5 times from 350 ms, doubling.
 */
import i18n, { type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { setLanguageProvider } from './api-client';
import { errorContext, logger } from './logger';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Loaded at start. */
export const NAMESPACES = ['common', 'nav', 'auth', 'dashboard', 'errors', 'public'] as const;
/** Loaded by the route modules that need them (`loadNamespaces`), so the landing page never fetches them. */
export const LAZY_NAMESPACES = ['patients', 'portal', 'record'] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ...LAZY_NAMESPACES] as const;
export type Namespace = (typeof ALL_NAMESPACES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type JsonModule = { default: Record<string, unknown> };
const loaders = import.meta.glob<JsonModule>('../locales/*/*.json');

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The UI language, reduced to a supported one ("es-ES" → "es"). */
export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18n> {
  setLanguageProvider(currentLanguage);
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  await i18n
    .use(LanguageDetector)
    .use(
      resourcesToBackend(
        (language: string, namespace: string, callback: ReadCallback) => {
          const load = loaders[`../locales/${language}/${namespace}.json`];
          if (!load) {
            callback(new Error(`No translations for ${language}/${namespace}`), false);
            return;
          }
          load().then(
            (module) => callback(null, module.default),
            (error: unknown) => {
              logger.warn('Translations failed to load', { ...errorContext(error), language });
              // `true` as data tells i18next the failure may be retried.
              callback(error instanceof Error ? error : new Error(String(error)), true);
            },
          );
        },
      ),
    )
    .use(initReactI18next)
    .init({
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: NAMESPACES,
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => lng.split('-')[0] ?? lng,
      },
      react: { useSuspense: false },
    });
  document.documentElement.lang = currentLanguage();
  return i18n;
}

/**
 * Loads namespaces before a route module renders (so no key flashes on screen). i18next then keeps
 * them in its list and loads them again on a language change. A failure is logged, not thrown: the
 * screen still renders and react-i18next fills the texts in when they arrive.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (!i18n.isInitialized) return;
  try {
    await i18n.loadNamespaces([...namespaces]);
  } catch (error) {
    logger.warn('Translations failed to load', { ...errorContext(error), language: currentLanguage() });
  }
}

/** Switches the UI language; the detector remembers it in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
