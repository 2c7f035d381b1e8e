import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/patient-record/status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../hooks/use-formatters';
import { useStatusHistory } from '../api/get-status-history';

/** The status changes of a patient, newest first (`GET …/status-history`). */
export function StatusHistory({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const history = useStatusHistory(patientId);

  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">{t('chart.statusHistory')}</h3>
      {history.isPending ? (
        <div className="mt-3 flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : history.isError ? (
        <p className="mt-2 text-sm text-red-700">{t('chart.statusHistoryFailed')}</p>
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('chart.statusHistoryEmpty')}</p>
      ) : (
        <ol
          className="mt-3 flex flex-col gap-3 border-l-2 border-slate-200 pl-4"
          data-testid="status-history"
        >
          {history.data.map((change) => (
            <li key={change.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-teal-600"
              />
              <p className="sr-only">
                {change.fromStatus
                  ? t('chart.statusChange', {
                      from: t(`enums.status.${change.fromStatus}`),
                      to: t(`enums.status.${change.toStatus}`),
                    })
                  : t('chart.statusInitial', { to: t(`enums.status.${change.toStatus}`) })}
              </p>
              <div aria-hidden="true" className="flex flex-wrap items-center gap-1.5 text-sm">
                {change.fromStatus ? (
                  <>
                    <StatusBadge status={change.fromStatus} />
                    <span className="text-slate-400">→</span>
                  </>
                ) : null}
                <StatusBadge status={change.toStatus} />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                <time dateTime={change.changedAt}>{format.dateTime(change.changedAt)}</time>
                {change.changedBy
                  ? ` · ${t('chart.changedBy', { name: change.changedBy.name })}`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
