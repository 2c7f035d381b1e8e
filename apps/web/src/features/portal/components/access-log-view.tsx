import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BackLink } from '../../../components/ui/back-link';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../hooks/use-formatters';
import { useAccessLog, type RecordAccess } from '../api/get-access-log';

/** The audit action as words (`patients.notes.view` → "Read the clinician notes"), or as sent. */
function useActionLabel() {
  const { t, i18n } = useTranslation('portal');
  return (action: string) => {
    const key = `access.actions.${action.replace(/[^a-z0-9]+/gi, '_')}`;
    return i18n.exists(key, { ns: 'portal' }) ? t(key as 'access.actions.patients_view') : action;
  };
}

function useRoleLabel() {
  const { t, i18n } = useTranslation(['common', 'portal']);
  return (role: string | null) => {
    if (!role) return t('portal:access.unknownRole');
    const key = `roleBadge.${role}`;
    return i18n.exists(key, { ns: 'common' }) ? t(key as 'roleBadge.admin') : role;
  };
}

function Rows({ items }: { items: RecordAccess[] }) {
  const { t } = useTranslation('portal');
  const format = useFormatters();
  const actionLabel = useActionLabel();
  const roleLabel = useRoleLabel();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-sm" data-testid="access-log">
        <caption className="sr-only">{t('access.caption')}</caption>
        <thead className="bg-slate-50">
          <tr>
            {(['at', 'who', 'role', 'action'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
                {t(`access.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((entry, index) => (
            <tr key={`${entry.at}-${index}`} className="border-t border-slate-100">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
              </td>
              <td className="px-4 py-3 font-medium text-slate-900">{entry.who}</td>
              <td className="px-4 py-3 text-slate-700">{roleLabel(entry.role)}</td>
              <td className="px-4 py-3 text-slate-700" data-action={entry.action}>
                {actionLabel(entry.action)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/my-record/access`: "who viewed my record". */
export function AccessLogView() {
  const { t } = useTranslation(['portal', 'nav']);
  const log = useAccessLog();

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={paths.myRecord.href()}>{t('access.backToRecord')}</BackLink>
      <PageHeader title={t('nav:routes.myRecordAccess')} description={t('access.description')} />
      {log.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span role="status" className="sr-only">
            {t('access.loading')}
          </span>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-11 rounded-md" />
          ))}
        </div>
      ) : log.isError ? (
        <Alert tone="error">
          <p>{t('access.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void log.refetch()}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('record.retry')}
          </Button>
        </Alert>
      ) : log.data === null ? (
        <Alert tone="info">{t('access.noRecord')}</Alert>
      ) : log.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">{t('access.empty')}</p>
      ) : (
        <Rows items={log.data} />
      )}
    </div>
  );
}
