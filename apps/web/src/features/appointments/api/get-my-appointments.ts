/** `GET /api/appointments/mine`: the signed-in patient's own appointments and the clinic's rules. */
import { myAppointmentsSchema } from '@painlab/shared/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function myAppointmentsQueryOptions() {
  const queryKey = appointmentKeys.mine();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/appointments/mine', myAppointmentsSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useMyAppointments(enabled = true) {
  return useQuery({ ...myAppointmentsQueryOptions(), enabled });
}
