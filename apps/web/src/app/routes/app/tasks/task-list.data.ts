/** /tasks: the first page of the list for the URL's filters (the key `useTasks` reads). */
import { tasksInfiniteQueryOptions } from '../../../../features/tasks/api/get-tasks';
import { filtersFromSearchParams, localToday } from '../../../../features/tasks/lib/filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchInfiniteQuery(
    tasksInfiniteQueryOptions(filtersFromSearchParams(url.searchParams), localToday()),
  );
}
