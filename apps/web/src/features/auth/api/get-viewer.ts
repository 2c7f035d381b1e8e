/**
 * SPEC §6 "role function": the signed-in user, role and permissions from `GET /api/me`.
 * Query key `['user-role']`, fresh for 5 minutes, one retry. `null` means signed out (401).
 */
import { meResponseSchema, type MeResponse } from '@painlab/shared/auth';
import type { Role } from '@painlab/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { Viewer } from '../../../lib/authorization';
import { cachePolicy } from '../../../lib/cache-policy';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';

export async function getViewer(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await api.get('/api/me', meResponseSchema, signal);
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const viewerQueryOptions = queryOptions({
  queryKey: VIEWER_QUERY_KEY,
  queryFn: ({ signal }) => getViewer(signal),
  ...cachePolicy([...VIEWER_QUERY_KEY]),
  staleTime: 5 * 60_000,
  retry: 1,
});

export type ViewerState = {
  /** The first answer has not arrived yet. */
  isPending: boolean;
  /** The lookup failed and nothing is known (not a 401: that is `me === null`). */
  error: Error | null;
  me: MeResponse | null;
  viewer: Viewer | null;
  /** SPEC §6: `user` while loading or on error. */
  role: Role;
};

export function useViewer(): ViewerState {
  const query = useQuery(viewerQueryOptions);
  const me = query.data ?? null;
  return {
    isPending: query.isPending,
    error: query.data === undefined && query.isError ? query.error : null,
    me,
    viewer: me ? { role: me.role, permissions: me.permissions } : null,
    role: me?.role ?? 'user',
  };
}
