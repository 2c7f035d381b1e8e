import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

const healthSchema = z.object({ status: z.string(), database: z.string().optional() });

export type ConnectionState = 'checking' | 'ok' | 'error';

/** The error screen's connection check against `GET /api/health` (server and database). */
export function useConnectionCheck(): { state: ConnectionState; recheck: () => void } {
  const query = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api.get('/api/health', healthSchema, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const state: ConnectionState = query.isFetching
    ? 'checking'
    : query.isSuccess && query.data.status === 'ok'
      ? 'ok'
      : query.isPending
        ? 'checking'
        : 'error';
  return { state, recheck: () => void query.refetch() };
}
