/**
 * `GET /api/portal/record/access-log`: who opened or changed the patient's own record. Always
 * asked again on opening the page (an access a minute ago must show).
 */
import { recordAccessSchema } from '@painlab/shared/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const ACCESS_LOG_KEY = ['patient-portal', 'access-log'] as const;
const accessLogSchema = z.object({ items: z.array(recordAccessSchema) });
export type RecordAccess = z.infer<typeof recordAccessSchema>;

/** `null` when the account has no linked record (404). */
export async function getAccessLog(signal?: AbortSignal): Promise<RecordAccess[] | null> {
  try {
    return (await api.get('/api/portal/record/access-log', accessLogSchema, signal)).items;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const accessLogQueryOptions = queryOptions({
  queryKey: ACCESS_LOG_KEY,
  queryFn: ({ signal }) => getAccessLog(signal),
  ...cachePolicy([...ACCESS_LOG_KEY]),
  staleTime: 0,
  retry: retryTransient,
});

export function useAccessLog() {
  return useQuery(accessLogQueryOptions);
}
