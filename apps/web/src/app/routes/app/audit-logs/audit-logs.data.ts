/** /audit-logs: the first page for the URL's filters (the key the screen reads). */
import { auditInfiniteQueryOptions } from '../../../../features/audit-logs/api/get-audit-logs';
import { filtersFromSearchParams } from '../../../../features/audit-logs/lib/filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchInfiniteQuery(
    auditInfiniteQueryOptions(filtersFromSearchParams(url.searchParams)),
  );
}
