/** `GET /api/patients/{id}/status-history` → `{ items }`, newest first. */
import { statusChangeSchema } from '@painlab/shared/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { patientKeys, patientPath } from './keys';

const statusHistorySchema = z.object({ items: z.array(statusChangeSchema) });
export type StatusChange = z.infer<typeof statusChangeSchema>;

export function statusHistoryQueryOptions(id: string) {
  const queryKey = patientKeys.statusHistory(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(`${patientPath(id)}/status-history`, statusHistorySchema, signal),
    select: (data) => data.items,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useStatusHistory(id: string) {
  return useQuery(statusHistoryQueryOptions(id));
}
