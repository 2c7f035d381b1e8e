/**
 * The signed-in user's notification channels per type: `GET`/`PUT /api/notifications/preferences`
 * (the notifications service and the messages' outbox notices honour them).
 */
import { notificationPreferencesSchema } from '@painlab/shared/dashboard';
import type { NotificationPreferences } from '@painlab/shared/dashboard-constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';

const PREFERENCES_KEY = ['account', 'notification-preferences'] as const;

export const preferencesQueryOptions = queryOptions({
  queryKey: PREFERENCES_KEY,
  queryFn: ({ signal }) =>
    api.get('/api/notifications/preferences', notificationPreferencesSchema, signal),
  staleTime: 5 * 60_000,
  retry: retryTransient,
});

export const usePreferences = () => useQuery(preferencesQueryOptions);

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'notification-preferences', 'save'],
    mutationFn: (body: NotificationPreferences) =>
      apiJson('/api/notifications/preferences', notificationPreferencesSchema, {
        method: 'PUT',
        body,
      }),
    retry: false,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
