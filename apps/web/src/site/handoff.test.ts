// @vitest-environment jsdom
/** followStoredLanguage (issue 22 item 2): a site page follows the web app's stored language. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followStoredLanguage, LANG_COOKIE, readCookie, SPA_LANGUAGE_KEY } from './handoff';

function fakeWindow(search = '') {
  const reload = vi.fn();
  return {
    win: { localStorage, sessionStorage, location: { search, reload } as unknown as Location },
    reload,
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${LANG_COOKIE}=; Max-Age=0; Path=/`;
});

describe('followStoredLanguage', () => {
  it('reloads once in the stored language, with the cookie set for the server', () => {
    localStorage.setItem(SPA_LANGUAGE_KEY, 'en');
    const { win, reload } = fakeWindow();
    expect(followStoredLanguage(win, 'es')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readCookie(LANG_COOKIE)).toBe('en');
    // the server answered in Spanish again: no second reload (no loop)
    expect(followStoredLanguage(win, 'es')).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the page is already in it, or nothing is stored', () => {
    const { win, reload } = fakeWindow();
    expect(followStoredLanguage(win, 'es')).toBe(false);
    localStorage.setItem(SPA_LANGUAGE_KEY, 'es');
    expect(followStoredLanguage(win, 'es')).toBe(false);
    localStorage.setItem(SPA_LANGUAGE_KEY, 'de');
    expect(followStoredLanguage(win, 'es')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a ?lang= in the address is the choice now: stored, no reload', () => {
    localStorage.setItem(SPA_LANGUAGE_KEY, 'en');
    const { win, reload } = fakeWindow('?lang=es');
    expect(followStoredLanguage(win, 'es')).toBe(false);
    expect(localStorage.getItem(SPA_LANGUAGE_KEY)).toBe('es');
    expect(reload).not.toHaveBeenCalled();
  });
});
