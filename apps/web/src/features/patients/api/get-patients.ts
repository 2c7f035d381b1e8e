/** `GET /api/patients`: the list, one keyset page at a time ("Load more" passes `nextCursor` back). */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { PAGE_SIZE, patientListSearch, type PatientListFilters } from '../lib/list-filters';
import { patientKeys } from './keys';
import { patientListParser } from './patient-list-parser';

export function patientsInfiniteQueryOptions(filters: PatientListFilters) {
  const queryKey = patientKeys.list(filters);
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      const path = `/api/patients${patientListSearch(filters, { cursor: pageParam, limit: PAGE_SIZE })}`;
      // checked by hand: no zod, and no schema chunk to load, on the way to the rows (issue 8)
      return api.get(path, patientListParser, signal);
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
