/**
 * Loaded by index.html beside the app's entry (`async`, a separate small chunk; see vite.config.ts):
 * starts the download of the visitor's start-up translations at once, in parallel with the entry,
 * rather than after it (issue 8). The entry's i18n setup imports the same chunk and finds it done
 * or in flight. Nothing here may throw or block: a wrong guess only costs one download.
 */
import { detectStartLanguage, START_TEXTS, startLanguages } from './lib/i18n-start';
import { LANG_COOKIE, readCookie } from './site/handoff';

let stored: string | null = null;
try {
  stored = window.localStorage.getItem('i18nextLng');
} catch {
  // storage unavailable (private mode): the browser's languages decide
}
const cookie = readCookie(LANG_COOKIE);
const browser = [...(cookie ? [cookie] : []), ...navigator.languages];
for (const language of startLanguages(detectStartLanguage(stored, browser))) {
  START_TEXTS[language]().catch(() => undefined);
}
