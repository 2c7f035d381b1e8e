/** /treatments: the first page for the URL's filters; /treatments/:id: the plan (the keys the screens read). */
import {
  planQueryOptions,
  plansInfiniteQueryOptions,
} from '../../../../features/treatments/api/treatments-api';
import { filtersFromSearchParams } from '../../../../features/treatments/lib/filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ params, url }: RouteDataArgs): void {
  if (params.id) void queryClient.prefetchQuery(planQueryOptions(params.id));
  else
    void queryClient.prefetchInfiniteQuery(
      plansInfiniteQueryOptions(filtersFromSearchParams(url.searchParams)),
    );
}
