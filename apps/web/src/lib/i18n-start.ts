/**
 * The translations the first screen needs (issue 8: they arrive with it, in the visitor's language).
 * The start-up namespaces of each language are one chunk; `src/boot.ts`, a tiny script the page
 * loads beside the app's entry, imports the visitor's chunk at once, so the entry's i18n setup finds
 * it loaded or in flight instead of asking for it after the entry has run.
 */
export const START_NAMESPACES = ['common', 'nav', 'auth', 'dashboard', 'errors', 'public'] as const;
export type StartNamespace = (typeof START_NAMESPACES)[number];
export type StartTexts = Record<StartNamespace, Record<string, unknown>>;

export const START_LANGUAGES = ['en', 'es'] as const;
export type StartLanguage = (typeof START_LANGUAGES)[number];
const FALLBACK: StartLanguage = 'en';

type Loader = () => Promise<{ default: StartTexts }>;
export const START_TEXTS: Record<StartLanguage, Loader> = {
  en: () => import('./locales-start/en'),
  es: () => import('./locales-start/es'),
};

/** The stored choice, else the browser's languages, as the i18next detector of `i18n.ts` decides. */
export function detectStartLanguage(
  stored: string | null,
  browser: readonly string[],
): StartLanguage {
  for (const code of [stored, ...browser]) {
    const language = code?.split('-')[0]?.toLowerCase();
    if (language && (START_LANGUAGES as readonly string[]).includes(language))
      return language as StartLanguage;
  }
  return FALLBACK;
}

/** The languages i18next loads at start for `language`: it and the fallback. */
export function startLanguages(language: StartLanguage): StartLanguage[] {
  return language === FALLBACK ? [FALLBACK] : [language, FALLBACK];
}
