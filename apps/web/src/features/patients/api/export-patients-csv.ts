/**
 * `GET /api/patients/export.csv?<list filters>`: streamed CSV with no total. Progress is the number
 * of rows received so far (read with a stream reader); the file is saved once the stream ends.
 */
import { apiRequest } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob, todayStamp } from '../../../lib/download';
import { createCsvRowCounter } from '../lib/csv-row-counter';
import { patientListSearch, type PatientListFilters } from '../lib/list-filters';

export type CsvExportResult = { rows: number; filename: string };

export async function exportPatientsCsv(
  filters: PatientListFilters,
  { onProgress, signal }: { onProgress: (rows: number) => void; signal?: AbortSignal },
): Promise<CsvExportResult> {
  const response = await apiRequest(`/api/patients/export.csv${patientListSearch(filters)}`, {
    signal,
    accept: 'text/csv',
  });
  const counter = createCsvRowCounter();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      counter.push(decoder.decode(value, { stream: true }));
      onProgress(counter.rows);
    }
    counter.push(decoder.decode());
  } else {
    const bytes = new Uint8Array(await response.arrayBuffer());
    parts.push(bytes);
    counter.push(new TextDecoder().decode(bytes));
  }
  const rows = counter.finish();
  onProgress(rows);
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ??
    `patients-${todayStamp()}.csv`;
  saveBlob(new Blob(parts, { type: 'text/csv;charset=utf-8' }), filename);
  return { rows, filename };
}
