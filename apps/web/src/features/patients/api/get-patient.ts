/** `GET /api/patients/{id}`: one chart. Unknown or forbidden ids answer 404 (never retried). */
import { patientSchema } from '@painlab/shared/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { patientKeys, patientPath } from './keys';

export function patientQueryOptions(id: string) {
  const queryKey = patientKeys.detail(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(patientPath(id), patientSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

/** `fresh`: always ask the server on mount (the edit form starts from the current version). */
export function usePatient(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    ...patientQueryOptions(id),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
