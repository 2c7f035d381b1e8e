import { useTranslation } from 'react-i18next';

/** The first focusable element of every shell: jumps keyboard users past the navigation. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-teal-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('shell.skipToContent')}
    </a>
  );
}
