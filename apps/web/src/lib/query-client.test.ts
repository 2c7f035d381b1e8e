import { describe, expect, it } from 'vitest';
import { createQueryClient, queryConfig, retryDelay } from './query-client';

describe('query client (SPEC §9)', () => {
  it('has the spec defaults', () => {
    expect(queryConfig.queries).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      retry: 2,
      refetchOnWindowFocus: false,
      refetchOnMount: true,
      refetchOnReconnect: true,
    });
    expect(queryConfig.mutations).toEqual({ retry: 1, retryDelay: 1000 });
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('applies the defaults to a new client', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(5 * 60_000);
  });
});

describe('retryTransient', () => {
  it('retries network failures and server errors twice, never client errors', async () => {
    const { ApiError, NetworkError } = await import('./api-client');
    const { retryTransient } = await import('./query-client');
    expect(retryTransient(0, new NetworkError('offline'))).toBe(true);
    expect(retryTransient(1, new ApiError(503, 'service_unavailable', 'down'))).toBe(true);
    expect(retryTransient(2, new ApiError(503, 'service_unavailable', 'down'))).toBe(false);
    expect(retryTransient(0, new ApiError(404, 'not_found', 'Not found.'))).toBe(false);
    expect(retryTransient(0, new ApiError(401, 'unauthenticated', 'no'))).toBe(false);
    expect(retryTransient(0, new TypeError('bad shape'))).toBe(false);
  });
});
