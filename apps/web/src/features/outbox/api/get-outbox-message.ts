/** `GET /api/admin/outbox/{id}`: one message with its text (codes and links: administrators only). */
import { outboxMessageResponseSchema } from '@painlab/shared/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { outboxKeys, outboxPath } from './keys';

export function outboxMessageQueryOptions(id: string) {
  const queryKey = outboxKeys.detail(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(outboxPath(id), outboxMessageResponseSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}
