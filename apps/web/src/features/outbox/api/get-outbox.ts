/** `GET /api/admin/outbox`: the messages, newest first, one keyset page at a time. */
import { outboxListSchema } from '@painlab/shared/outbox';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { outboxListSearch, type OutboxFilters } from '../lib/filters';
import { outboxKeys } from './keys';

export function outboxInfiniteQueryOptions(filters: OutboxFilters) {
  const queryKey = outboxKeys.list(filters);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/admin/outbox${outboxListSearch(filters, pageParam)}`, outboxListSchema, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useOutbox(filters: OutboxFilters) {
  return useInfiniteQuery({
    ...outboxInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
