/** Small formatting helpers of the public pages (no library: Intl is in every runtime). */
import type { Lang } from '../ui';

const LOCALES: Record<Lang, string> = { es: 'es-ES', en: 'en-GB' };

/** "3 de noviembre de 2026" / "3 November 2026", in the clinic's time zone. */
export function longDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'long',
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso));
}

const LANGUAGE_NAMES: Record<Lang, Record<string, string>> = {
  es: { es: 'Español', en: 'Inglés', ca: 'Catalán', fr: 'Francés', pt: 'Portugués' },
  en: { es: 'Spanish', en: 'English', ca: 'Catalan', fr: 'French', pt: 'Portuguese' },
};

export function languageName(code: string, lang: Lang): string {
  return LANGUAGE_NAMES[lang][code] ?? code;
}

/** A tag as shown: `dolor-cronico` → `dolor crónico` is not derivable; hyphens become spaces. */
export function tagLabel(tag: string): string {
  return tag.replace(/-/g, ' ');
}
