/** `GET /api/patients`: the list, one keyset page at a time ("Load more" passes `nextCursor` back). */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { PAGE_SIZE, patientListSearch, type PatientListFilters } from '../lib/list-filters';
import { patientKeys } from './keys';

/**
 * The answer's schema lives with zod in the shared schema chunk (~90 KB to evaluate). It is loaded
 * beside the request, never before it: this module and what it imports stay zod-free, so the route's
 * data module can send the request as soon as it is loaded (issue 8).
 */
const loadListSchema = () =>
  import('@painlab/shared/patients').then(({ patientListSchema }) => patientListSchema);

export function patientsInfiniteQueryOptions(filters: PatientListFilters) {
  const queryKey = patientKeys.list(filters);
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      const path = `/api/patients${patientListSearch(filters, { cursor: pageParam, limit: PAGE_SIZE })}`;
      const [body, schema] = await Promise.all([
        apiRequest(path, { signal }).then((response) => response.json() as Promise<unknown>),
        loadListSchema(),
      ]);
      return schema.parse(body);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

/** The list for `filters`; while new filters load, the previous results stay on screen. */
export function usePatients(filters: PatientListFilters) {
  return useInfiniteQuery({
    ...patientsInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
