/** `GET /api/audit-logs`: the entries, newest first, one keyset page at a time. */
import { auditListSchema } from '@painlab/shared/audit';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { auditListSearch, type AuditFilters } from '../lib/filters';
import { auditKeys } from './keys';

export function auditInfiniteQueryOptions(filters: AuditFilters) {
  const queryKey = auditKeys.list(filters);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/audit-logs${auditListSearch(filters, pageParam)}`, auditListSchema, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useAuditLogs(filters: AuditFilters) {
  return useInfiniteQuery({
    ...auditInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
