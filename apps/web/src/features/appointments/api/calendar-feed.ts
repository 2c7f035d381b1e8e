/** The signed-in user's calendar subscription (ADR 0028): its state, a new secret URL, revoking. */
import { calendarFeedCreatedSchema, calendarFeedSchema } from '@painlab/shared/appointments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson, apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function calendarFeedQueryOptions() {
  const queryKey = appointmentKeys.calendarFeed();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/calendar/feed', calendarFeedSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['appointments', 'calendar-feed', 'create'],
    mutationFn: () =>
      apiJson('/api/calendar/feed', calendarFeedCreatedSchema, { method: 'POST', body: {} }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.calendarFeed() }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['appointments', 'calendar-feed', 'revoke'],
    mutationFn: async () => {
      await apiRequest('/api/calendar/feed', { method: 'DELETE' });
    },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.calendarFeed() }),
  });
}
