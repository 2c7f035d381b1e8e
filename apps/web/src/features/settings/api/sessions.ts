/**
 * The signed-in user's sessions: `GET /api/account/sessions`, `DELETE /api/account/sessions/{id}`,
 * `POST /api/account/sessions/end-others`.
 */
import { accountSessionListSchema, endOtherSessionsSchema } from '@painlab/shared/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson, apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

const SESSIONS_KEY = ['account', 'sessions'] as const;

export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_KEY,
  queryFn: ({ signal }) => api.get('/api/account/sessions', accountSessionListSchema, signal),
  ...cachePolicy([...SESSIONS_KEY]),
  retry: retryTransient,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'sessions', 'end'],
    mutationFn: async (id: string) => {
      await apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'sessions', 'end-others'],
    mutationFn: () =>
      apiJson('/api/account/sessions/end-others', endOtherSessionsSchema, {
        method: 'POST',
        body: {},
      }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
