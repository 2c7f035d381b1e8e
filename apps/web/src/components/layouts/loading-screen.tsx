import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner';

function FullPageStatus({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4" aria-busy="true">
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner />
        <span>{label}</span>
      </div>
    </div>
  );
}

/** SPEC §2: "Loading your dashboard..." while the signed-in user is being identified. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullPageStatus label={t('loading.dashboard')} />;
}

/** A small inline loading indicator for a page area. */
export function InlineLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-3 p-6 text-sm text-slate-600">
      <Spinner size="sm" />
      <span>{t('loading.generic')}</span>
    </div>
  );
}

/** While the first lazy route module loads (the router's hydrate fallback). */
export function PageLoading() {
  const { t } = useTranslation();
  return <FullPageStatus label={t('loading.generic')} />;
}
