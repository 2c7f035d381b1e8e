/** `GET /api/tasks`: the tasks the viewer may see, soonest due first, one keyset page at a time. */
import { taskListSchema } from '@painlab/shared/tasks';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { taskListSearch, type TaskFilters } from '../lib/filters';
import { taskKeys } from './keys';

export function tasksInfiniteQueryOptions(filters: TaskFilters, today: string) {
  const queryKey = taskKeys.list(filters, today);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/tasks${taskListSearch(filters, pageParam, today)}`, taskListSchema, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useTasks(filters: TaskFilters, today: string) {
  return useInfiniteQuery({
    ...tasksInfiniteQueryOptions(filters, today),
    placeholderData: keepPreviousData,
  });
}
