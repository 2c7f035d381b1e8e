/** /patients: the first page of the list for the URL's filters (the key `usePatients` reads). */
import { patientsInfiniteQueryOptions } from '../../../../features/patients/api/get-patients';
import { filtersFromSearchParams } from '../../../../features/patients/lib/list-filters';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchInfiniteQuery(
    patientsInfiniteQueryOptions(filtersFromSearchParams(url.searchParams)),
  );
}
