/** `GET /api/portal/record`: the signed-in patient's own record; 404 when none is linked (→ null). */
import { patientSchema, type Patient } from '@painlab/shared/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const MY_RECORD_KEY = ['patient-portal', 'record'] as const;

export async function getMyRecord(signal?: AbortSignal): Promise<Patient | null> {
  try {
    return await api.get('/api/portal/record', patientSchema, signal);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const myRecordQueryOptions = queryOptions({
  queryKey: MY_RECORD_KEY,
  queryFn: ({ signal }) => getMyRecord(signal),
  ...cachePolicy([...MY_RECORD_KEY]),
  retry: retryTransient,
});

export function useMyRecord() {
  return useQuery(myRecordQueryOptions);
}
