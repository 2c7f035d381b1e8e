/** A specialist's weekly hours and exceptions: read, replace the week, add and remove exceptions. */
import {
  availabilityExceptionSchema,
  availabilitySchema,
  type AvailabilityExceptionInput,
  type WeeklyAvailabilityInput,
} from '@painlab/shared/appointments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson, apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

const availabilityPath = (specialistId: string) =>
  `/api/appointments/availability/${encodeURIComponent(specialistId)}`;

export function availabilityQueryOptions(specialistId: string) {
  const queryKey = appointmentKeys.availability(specialistId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(availabilityPath(specialistId), availabilitySchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
    enabled: specialistId !== '',
  });
}

export const useAvailability = (specialistId: string) =>
  useQuery(availabilityQueryOptions(specialistId));

/** Every change also refreshes the free slots (they are made from these hours). */
function useRefresh(specialistId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentKeys.availability(specialistId) }),
      queryClient.invalidateQueries({ queryKey: ['appointments', 'slots'] }),
    ]);
}

export function useSaveWeeklyHours(specialistId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(specialistId);
  return useMutation({
    mutationKey: ['appointments', 'availability', 'hours'],
    mutationFn: (input: WeeklyAvailabilityInput) =>
      apiJson(availabilityPath(specialistId), availabilitySchema, { method: 'PUT', body: input }),
    retry: false,
    onSuccess: (data) => {
      queryClient.setQueryData(appointmentKeys.availability(specialistId), data);
      void queryClient.invalidateQueries({ queryKey: ['appointments', 'slots'] });
    },
    onError: () => void refresh(),
  });
}

export function useAddException(specialistId: string) {
  const refresh = useRefresh(specialistId);
  return useMutation({
    mutationKey: ['appointments', 'availability', 'exception'],
    mutationFn: (input: AvailabilityExceptionInput) =>
      apiJson(`${availabilityPath(specialistId)}/exceptions`, availabilityExceptionSchema, {
        method: 'POST',
        body: input,
      }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useRemoveException(specialistId: string) {
  const refresh = useRefresh(specialistId);
  return useMutation({
    mutationKey: ['appointments', 'availability', 'exception-delete'],
    mutationFn: async (id: string) => {
      await apiRequest(`${availabilityPath(specialistId)}/exceptions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
    },
    retry: false,
    onSettled: () => refresh(),
  });
}
