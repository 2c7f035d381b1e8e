/**
 * The TanStack Query client with SPEC §9 defaults. Failed queries and mutations are logged (never
 * their data). A 401 on any data query means the session ended: the viewer is reset so the guards
 * send the user to sign in.
 */
import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import i18n from 'i18next';
import { toast } from './toast';
import { isApiError, NetworkError } from './api-client';
import { DEFAULT_GC_TIME, DEFAULT_LIFETIME } from './cache-policy';
import { errorContext, logger } from './logger';

/** The signed-in user's role and permissions (SPEC §6 "role function"). */
export const VIEWER_QUERY_KEY = ['user-role'] as const;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * For queries whose 4xx answers are final (404 not found, 403, 401): retry (twice, as the
 * defaults) only what may succeed on a second try — network failures and server errors.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof NetworkError || (isApiError(error) && error.status >= 500);
}

export const queryConfig = {
  queries: {
    staleTime: DEFAULT_LIFETIME,
    gcTime: DEFAULT_GC_TIME,
    retry: 2,
    retryDelay,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
    refetchOnReconnect: true,
  },
  mutations: {
    retry: 1,
    retryDelay: 1000,
  },
} satisfies DefaultOptions;

function keyName(key: readonly unknown[] | undefined): string | undefined {
  const first = key?.[0];
  return typeof first === 'string' ? first : undefined;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      onError: (error, query) => {
        logger.error('Query failed', { ...errorContext(error), queryKey: keyName(query.queryKey) });
        if (keyName(query.queryKey) === VIEWER_QUERY_KEY[0]) {
          // SPEC §8: the role lookup failed; the guards show the error screen.
          toast.error(i18n.t('errors:guards.permissionCheckFailed', { message: error.message }), {
            id: 'permission-check',
          });
        } else if (isApiError(error, 401)) {
          client.setQueryData(VIEWER_QUERY_KEY, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        logger.error('Mutation failed', {
          ...errorContext(error),
          mutationKey: keyName(mutation.options.mutationKey),
        });
      },
    }),
  });
  return client;
}

export const queryClient = createQueryClient();
