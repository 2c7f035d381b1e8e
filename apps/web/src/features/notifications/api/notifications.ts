/**
 * In-app notifications and the unread counts (the bell). Keys start with 'notifications'; the
 * realtime stream invalidates them. The bell's query is small on purpose: it is in the shell.
 */
import { notificationListSchema } from '@painlab/shared/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { UNREAD_KEY } from './unread';

export { useUnread } from './unread';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => UNREAD_KEY,
  list: () => ['notifications', 'list'] as const,
};

export function notificationsQueryOptions() {
  const queryKey = notificationKeys.list();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get('/api/notifications?limit=100', notificationListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}
export const useNotifications = () => useQuery(notificationsQueryOptions());

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'read'],
    mutationFn: (id: string | 'all') =>
      apiRequest(
        id === 'all'
          ? '/api/notifications/read-all'
          : `/api/notifications/${encodeURIComponent(id)}/read`,
        { method: 'POST' },
      ),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
