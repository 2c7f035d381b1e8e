/**
 * Accounts for administrators: `GET /api/users` (keyset pages, `q`, `role`), `PATCH
 * /api/users/{id}` `{ role }`, and better-auth's admin calls `POST /api/auth/admin/ban-user`,
 * `/unban-user`, `/revoke-user-sessions` `{ userId }` (audited by the server like every auth write),
 * and `POST /api/users/{id}/mfa-reset` (removes the account's second factors, ends its sessions).
 */
import { userListSchema, userSummarySchema, type UserListFilter } from '@painlab/shared/users';
import type { Role } from '@painlab/shared/permissions';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiJson, apiRequest } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { usersListSearch } from '../lib/filters';

export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserListFilter) => ['users', 'list', filters] as const,
};

export function usersInfiniteQueryOptions(filters: UserListFilter) {
  const queryKey = userKeys.list(filters);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/users${usersListSearch(filters, pageParam)}`, userListSchema, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useUsers(filters: UserListFilter) {
  return useInfiniteQuery({
    ...usersInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

export type AccountAction = 'ban' | 'unban' | 'sign-out';

const ADMIN_PATHS: Record<AccountAction, string> = {
  ban: '/api/auth/admin/ban-user',
  unban: '/api/auth/admin/unban-user',
  'sign-out': '/api/auth/admin/revoke-user-sessions',
};

export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
  const setRole = useMutation({
    mutationKey: ['users', 'set-role'],
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      apiJson(`/api/users/${encodeURIComponent(id)}`, userSummarySchema, {
        method: 'PATCH',
        body: { role },
      }),
    retry: false,
    onSettled: refresh,
  });
  const act = useMutation({
    mutationKey: ['users', 'admin-action'],
    mutationFn: async ({ id, action }: { id: string; action: AccountAction }) => {
      await apiRequest(ADMIN_PATHS[action], { method: 'POST', body: { userId: id } });
    },
    retry: false,
    onSettled: refresh,
  });
  const resetMfa = useMutation({
    mutationKey: ['users', 'mfa-reset'],
    mutationFn: ({ id }: { id: string }) =>
      apiJson(`/api/users/${encodeURIComponent(id)}/mfa-reset`, userSummarySchema, {
        method: 'POST',
        body: {},
      }),
    retry: false,
    onSettled: refresh,
  });
  return { setRole, act, resetMfa };
}
