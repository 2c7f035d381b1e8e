/**
 * Set-up shared by component tests (jsdom): i18next with the given English namespaces, and enough of
 * a modal <dialog> for the confirm dialog (jsdom has none). Test code only.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export async function initTestI18n(namespaces: Record<string, Resource[string][string]>) {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    ns: Object.keys(namespaces),
    defaultNS: 'common',
    resources: { en: namespaces },
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
