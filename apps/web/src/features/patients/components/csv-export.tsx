import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useCsvExport } from '../hooks/use-csv-export';
import { errorText } from '../lib/error-text';
import type { PatientListFilters } from '../lib/list-filters';

/**
 * "Export CSV" of the list as filtered. The response has no total, so progress is the number of
 * rows received; the file is saved when the stream ends.
 */
export function CsvExport({ filters }: { filters: PatientListFilters }) {
  const { t } = useTranslation('patients');
  const { state, start, cancel } = useCsvExport();
  const running = state.status === 'running';

  const onExport = async () => {
    const result = await start(filters);
    if (result.status === 'done') toast.success(t('csvExport.done', { count: result.result.rows }));
    else if (result.status === 'cancelled') toast.info(t('csvExport.cancelled'));
    else if (result.status === 'error') {
      toast.error(
        t('csvExport.failed', {
          message: errorText(result.error, t('errors.unknown'), t('errors.network')),
        }),
      );
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void onExport()}
        disabled={running}
        aria-busy={running || undefined}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        {running ? t('csvExport.exporting') : t('csvExport.button')}
      </Button>
      {running ? (
        <div
          className="fixed right-4 bottom-4 z-30 flex w-[min(22rem,calc(100vw-2rem))] items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
          data-testid="csv-export-progress"
        >
          <ProgressBar
            className="flex-1"
            label={t('csvExport.progress')}
            value={null}
            valueText={t('csvExport.rows', { count: state.rows })}
          />
          <Button variant="ghost" size="sm" onClick={cancel}>
            {t('csvExport.cancel')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
