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

/**
 * The audit action as words (`patients.notes.view` → "Read the clinician notes"). Every action the
 * server writes has a translation; one added later reads "Other access (notes view)" until it has.
 */
export function useActionLabel() {
  const { t, i18n } = useTranslation('portal');
  return (action: string) => {
    const key = `access.actions.${action.replace(/[^a-z0-9]+/gi, '_')}`;
    if (i18n.exists(key, { ns: 'portal' })) return t(key as 'access.actions.patients_view');
    const words = action
      .replace(/^patients\./, '')
      .replace(/[^a-z0-9]+/gi, ' ')
      .trim();
    return t('access.actionOther', { action: words || action });
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

const COLUMNS = ['at', 'who', 'role', 'action'] as const;

/**
 * A table on wider screens; below 640 px each row stacks into a card with its column names beside
 * the values (the table roles are kept explicitly, as `display: block` would drop them).
 */
function Rows({ items }: { items: RecordAccess[] }) {
  const { t } = useTranslation('portal');
  const format = useFormatters();
  const actionLabel = useActionLabel();
  const roleLabel = useRoleLabel();
  const cell = 'grid grid-cols-[5.5rem_1fr] gap-2 px-4 py-1 sm:table-cell sm:py-3';
  const label = (column: (typeof COLUMNS)[number]) => (
    <span
      aria-hidden="true"
      className="text-xs font-semibold tracking-wide text-slate-600 uppercase sm:hidden"
    >
      {t(`access.columns.${column}`)}
    </span>
  );
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table
        role="table"
        className="block w-full border-collapse text-sm sm:table"
        data-testid="access-log"
      >
        <caption className="sr-only">{t('access.caption')}</caption>
        <thead role="rowgroup" className="sr-only bg-slate-50 sm:not-sr-only sm:table-header-group">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th
                key={column}
                role="columnheader"
                scope="col"
                className="px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase"
              >
                {t(`access.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block sm:table-row-group">
          {items.map((entry, index) => (
            <tr
              key={`${entry.at}-${index}`}
              role="row"
              className="block border-t border-slate-100 py-2 first:border-t-0 sm:table-row sm:py-0 sm:first:border-t"
            >
              <td role="cell" className={`${cell} text-slate-700 sm:whitespace-nowrap`}>
                {label('at')}
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
              </td>
              <td role="cell" className={`${cell} font-medium break-words text-slate-900`}>
                {label('who')}
                <span>{entry.who}</span>
              </td>
              <td role="cell" className={`${cell} text-slate-700`}>
                {label('role')}
                <span>{roleLabel(entry.role)}</span>
              </td>
              <td role="cell" className={`${cell} text-slate-700`} data-action={entry.action}>
                {label('action')}
                <span>{actionLabel(entry.action)}</span>
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
            <Skeleton key={i} shape="field" className="h-11" />
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
        <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {t('access.empty')}
        </p>
      ) : (
        <Rows items={log.data} />
      )}
    </div>
  );
}
