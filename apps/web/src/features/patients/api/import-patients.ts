/**
 * `POST /api/patients/import?mode=…` with the raw CSV file as the body. Sent with XMLHttpRequest,
 * whose upload events give real progress; once the upload ends the server checks and writes the
 * rows (indeterminate), then answers an `ImportReport`.
 */
import { importReportSchema, type ImportReport, type IMPORT_MODES } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorFromBody, currentRequestLanguage, NetworkError } from '../../../lib/api-client';
import { patientKeys } from './keys';

export type ImportMode = (typeof IMPORT_MODES)[number];
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export type UploadProgress =
  { phase: 'uploading'; fraction: number | null } | { phase: 'processing' };

export function uploadPatientsCsv(
  file: Blob,
  mode: ImportMode,
  { onProgress, signal }: { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/patients/import?mode=${encodeURIComponent(mode)}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentRequestLanguage());
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      onProgress({
        phase: 'uploading',
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });

    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(importReportSchema.parse(body));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else {
        reject(apiErrorFromBody(xhr.status, xhr.statusText, body));
      }
    };
    xhr.onerror = () => reject(new NetworkError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    onProgress({ phase: 'uploading', fraction: 0 });
    xhr.send(file);
  });
}

export function useImportPatients({
  onProgress,
}: {
  onProgress: (progress: UploadProgress) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'import'],
    mutationFn: ({ file, mode, signal }: { file: File; mode: ImportMode; signal?: AbortSignal }) =>
      uploadPatientsCsv(file, mode, { onProgress, signal }),
    retry: false,
    onSuccess: (report) =>
      report.imported > 0
        ? queryClient.invalidateQueries({ queryKey: patientKeys.lists() })
        : undefined,
  });
}
