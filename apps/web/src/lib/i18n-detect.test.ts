// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

const clearCookie = () => (document.cookie = 'painlab_lang=; Max-Age=0; Path=/');

describe('detectLanguage (the language the app starts in)', () => {
  afterEach(() => {
    window.localStorage.clear();
    clearCookie();
    vi.restoreAllMocks();
  });

  it('takes the stored choice first, then the site pages’ cookie, then the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'es-ES']);
    expect(detectLanguage()).toBe('es'); // the browser's first supported language
    document.cookie = 'painlab_lang=en; Path=/';
    expect(detectLanguage()).toBe('en'); // a choice made on a site page beats the browser
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(detectLanguage()).toBe('es'); // the app's own stored choice beats both
  });

  it('ignores unsupported or malformed values and falls back to English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    document.cookie = 'painlab_lang=%E0%A4%A; Path=/'; // not decodable
    expect(detectLanguage()).toBe('en');
  });
});
