/** /admin/roles: the first page of accounts for the URL's filters (the key the screen reads). */
import { usersInfiniteQueryOptions } from '../../../../features/users/api/users';
import { filtersFromSearchParams } from '../../../../features/users/lib/filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchInfiniteQuery(
    usersInfiniteQueryOptions(filtersFromSearchParams(url.searchParams)),
  );
}
