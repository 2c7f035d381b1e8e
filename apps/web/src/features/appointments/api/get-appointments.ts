/** `GET /api/appointments`: the agenda of a range, for some specialists (staff). */
import { appointmentListSchema } from '@painlab/shared/appointments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function appointmentsQueryOptions(from: string, to: string, specialistIds: string[]) {
  const queryKey = appointmentKeys.list(from, to, specialistIds);
  const q = new URLSearchParams({ from, to, limit: '500' });
  if (specialistIds.length) q.set('specialistId', specialistIds.join(','));
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(`/api/appointments?${q}`, appointmentListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

/** `enabled: false` waits (the month waits until it knows whose visits it shows). */
export function useAppointments(from: string, to: string, specialistIds: string[], enabled = true) {
  return useQuery({
    ...appointmentsQueryOptions(from, to, specialistIds),
    placeholderData: keepPreviousData,
    enabled,
  });
}
