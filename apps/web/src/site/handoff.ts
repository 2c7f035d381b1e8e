/**
 * What the site pages and the web app (the SPA) hand each other across a full page load. Plain
 * browser code, no framework: the SPA imports this module too.
 * - `painlab_lang` cookie: the visitor's language, so that the server renders a site page in it.
 *   Written by the SPA on every language change (lib/i18n.ts), by a site page's language switch and
 *   by the server for `?lang=`. Read by the server and, after localStorage, by the SPA.
 * - `painlab_signed_in` cookie (one minute): "just signed in", set by the sign-in page (its script,
 *   or the server after the no-JavaScript form); the SPA shows its "signed in" toast and deletes it.
 * - sessionStorage `painlab:login-notice`: why the SPA sent the visitor to /login (a guard, a new
 *   account, the idle sign-out); the sign-in page shows it once.
 */
export const LANG_COOKIE = 'painlab_lang';
export const SIGNED_IN_COOKIE = 'painlab_signed_in';
/** "Just signed out": the public page the app leaves for shows it once (the server clears it). */
export const SIGNED_OUT_COOKIE = 'painlab_signed_out';
export const LOGIN_NOTICE_KEY = 'painlab:login-notice';
export type LoginNotice = 'authRequired' | 'registered' | 'passwordReset' | 'idleSignedOut';

export const LANG_COOKIE_MAX_AGE = 365 * 24 * 3600;

export function setCookie(name: string, value: string, maxAgeS: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}

/** The cookie's value, or null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Whether the cookie is set; it is deleted. */
export function takeCookie(name: string): boolean {
  const found = document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));
  if (found) setCookie(name, '', 0);
  return found;
}

/** The sign-in page's address, with where to go afterwards (a path of this site). */
export function loginHref(returnTo: string | null | undefined): string {
  return returnTo ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login';
}

export function leaveLoginNotice(notice: LoginNotice): void {
  try {
    window.sessionStorage.setItem(LOGIN_NOTICE_KEY, notice);
  } catch {
    // storage unavailable: the notice is not shown
  }
}

export function takeLoginNotice(): LoginNotice | null {
  try {
    const value = window.sessionStorage.getItem(LOGIN_NOTICE_KEY);
    window.sessionStorage.removeItem(LOGIN_NOTICE_KEY);
    return value === 'authRequired' ||
      value === 'registered' ||
      value === 'passwordReset' ||
      value === 'idleSignedOut'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** A full navigation (a site page hands over to the web app, or the other way round). */
export function leaveFor(href: string): void {
  window.location.assign(href);
}

/** Where the web app keeps the language (i18next's detector, lib/i18n.ts): it comes first (SPEC §1). */
export const SPA_LANGUAGE_KEY = 'i18nextLng';
const FOLLOWED_KEY = 'painlab:lang-followed';

/**
 * A site page follows the language kept in local storage (SPEC §1: local storage first, then the
 * browser), which the server cannot read (issue 22 item 2). The page's own `?lang=` is a choice
 * made now: it is kept in local storage too. Otherwise, when the stored language is not the
 * page's, it is mirrored to the cookie the server reads and the page is loaded again, once per
 * language and tab (a server that still answered in the other language would not loop).
 * Returns true when the page is being reloaded (nothing else should run).
 */
export function followStoredLanguage(
  win: Pick<Window, 'localStorage' | 'sessionStorage' | 'location'> = window,
  pageLang: string = document.documentElement.lang,
): boolean {
  try {
    const chosen = new URLSearchParams(win.location.search).get('lang');
    if (chosen === 'en' || chosen === 'es') {
      win.localStorage.setItem(SPA_LANGUAGE_KEY, chosen);
      return false;
    }
    const stored = win.localStorage.getItem(SPA_LANGUAGE_KEY);
    if ((stored !== 'en' && stored !== 'es') || stored === pageLang) return false;
    setCookie(LANG_COOKIE, stored, LANG_COOKIE_MAX_AGE);
    if (win.sessionStorage.getItem(FOLLOWED_KEY) === stored) return false;
    win.sessionStorage.setItem(FOLLOWED_KEY, stored);
    win.location.reload();
    return true;
  } catch {
    return false; // storage unavailable: the cookie and the browser decide
  }
}
