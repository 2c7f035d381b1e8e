import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { cn } from '../../lib/utils';

/** ES/EN switch; the choice is remembered in localStorage (`i18nextLng`). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  // Re-rendered by react-i18next on every language change.
  const active = i18n.resolvedLanguage ? currentLanguage() : 'en';
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn(
        'inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm',
        className,
      )}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={active === lng}
          onClick={() => void changeLanguage(lng)}
          className={cn(
            'rounded px-2 py-1 text-xs font-semibold transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600',
            active === lng ? 'bg-teal-700 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {/* The accessible name starts with the visible text (WCAG 2.5.3), then the full name. */}
          {t(`language.short.${lng}`)}
          <span className="sr-only"> {t(`language.names.${lng}`)}</span>
        </button>
      ))}
    </div>
  );
}
