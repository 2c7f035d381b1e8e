/** /admin/outbox: the first page for the URL's filters, and the open message (the keys the screen reads). */
import { outboxMessageQueryOptions } from '../../../../features/outbox/api/get-outbox-message';
import { outboxInfiniteQueryOptions } from '../../../../features/outbox/api/get-outbox';
import { filtersFromSearchParams } from '../../../../features/outbox/lib/filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchInfiniteQuery(
    outboxInfiniteQueryOptions(filtersFromSearchParams(url.searchParams)),
  );
  const message = url.searchParams.get('message');
  if (message) void queryClient.prefetchQuery(outboxMessageQueryOptions(message));
}
