import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';

/** The 404 page for any unknown path (SPEC §2). */
export function NotFound() {
  const { t } = useTranslation('errors');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-widest text-teal-700">{t('notFound.code')}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-slate-600">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
        <Link to="/dashboard" className={buttonClasses('secondary')}>
          {t('notFound.dashboard')}
        </Link>
      </div>
    </div>
  );
}
