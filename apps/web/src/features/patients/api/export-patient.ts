/**
 * `GET /api/patients/{id}/export?format=json|fhir`: the whole record as a download (JSON, or a
 * FHIR R4 Bundle). Fetched (so errors are shown), then saved under the server's file name.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { patientPath } from './keys';

export type PatientExportFormat = 'json' | 'fhir';

export async function downloadPatientExport(
  id: string,
  format: PatientExportFormat,
): Promise<string> {
  const response = await apiRequest(`${patientPath(id)}/export?format=${format}`);
  const blob = await response.blob();
  const fallback = format === 'fhir' ? `patient-${id}.fhir.json` : `patient-${id}.json`;
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallback;
  saveBlob(blob, filename);
  return filename;
}

export function useExportPatient(id: string) {
  return useMutation({
    mutationKey: ['patients', 'export'],
    mutationFn: (format: PatientExportFormat) => downloadPatientExport(id, format),
    retry: false,
  });
}
