import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { PageHeader } from '../ui/page-header';

/** A signed-in screen whose module arrives in a later release: its real title, and plainly said. */
export function ModuleUnavailable({
  title,
  description,
  recordId,
}: {
  title: string;
  description?: string;
  recordId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} description={description} />
      <section
        aria-labelledby="module-unavailable-title"
        className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      >
        <Construction aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
        <h2 id="module-unavailable-title" className="mt-4 text-lg font-semibold text-slate-900">
          {t('module.notAvailableTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-slate-600">
          {t('module.notAvailableBody')}
        </p>
        {recordId ? (
          <p className="mt-2 text-xs text-slate-500">{t('module.recordId', { id: recordId })}</p>
        ) : null}
        <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
          {t('actions.backToDashboard')}
        </Link>
      </section>
    </div>
  );
}
