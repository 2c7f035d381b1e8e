/** Runs the streamed CSV export with a row count and a way to cancel it. */
import { useCallback, useRef, useState } from 'react';
import { exportPatientsCsv, type CsvExportResult } from '../api/export-patients-csv';
import type { PatientListFilters } from '../lib/list-filters';

export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number }
  | { status: 'done'; result: CsvExportResult }
  | { status: 'cancelled' }
  | { status: 'error'; error: unknown };

export function useCsvExport() {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(async (filters: PatientListFilters): Promise<CsvExportState> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', rows: 0 });
    let next: CsvExportState;
    try {
      const result = await exportPatientsCsv(filters, {
        signal: abort.signal,
        onProgress: (rows) => {
          if (!abort.signal.aborted) setState({ status: 'running', rows });
        },
      });
      next = { status: 'done', result };
    } catch (error) {
      next = abort.signal.aborted ? { status: 'cancelled' } : { status: 'error', error };
    }
    if (controller.current === abort) {
      controller.current = null;
      setState(next);
    }
    return next;
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
