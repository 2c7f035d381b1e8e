/**
 * `GET /api/dashboard`: the widgets the viewer may see. The dashboard is a first-load route, so the
 * answer is checked by hand (its shape, not every field: the server's contract is the zod schema in
 * `@painlab/shared/dashboard`) instead of pulling the shared schemas into the shell. Refreshed by
 * the realtime stream (message and notification events), on focus, and every minute.
 */
import type { DashboardSummary } from '@painlab/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';
import { dashboardKeys } from './keys';

const WIDGETS = ['patientLoad', 'agenda', 'activity', 'activityCounts', 'alerts', 'tasks'] as const;

export const summaryParser: Parser<DashboardSummary> = {
  parse(value) {
    const v = value as Record<string, unknown> | null;
    const ok =
      v !== null &&
      typeof v === 'object' &&
      typeof v.scope === 'string' &&
      WIDGETS.every((w) => v[w] === null || Array.isArray(v[w]));
    if (!ok) throw new TypeError('Invalid /api/dashboard response');
    return v as unknown as DashboardSummary;
  },
};

const zone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

export const summaryQueryOptions = () => {
  const tz = zone();
  return queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) =>
      api.get(`/api/dashboard${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`, summaryParser, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: retryTransient,
  });
};

export const useDashboardSummary = () => useQuery(summaryQueryOptions());
