/** The viewer's saved layouts (`GET /api/dashboard/layouts`), checked by hand like the summary. */
import type { DashboardLayoutList } from '@painlab/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';
import { dashboardKeys } from './keys';

const layoutsParser: Parser<DashboardLayoutList> = {
  parse(value) {
    const items = (value as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) throw new TypeError('Invalid /api/dashboard/layouts response');
    return value as DashboardLayoutList;
  },
};

export const layoutsQueryOptions = queryOptions({
  queryKey: dashboardKeys.layouts(),
  queryFn: ({ signal }) => api.get('/api/dashboard/layouts', layoutsParser, signal),
  staleTime: 5 * 60_000,
  retry: retryTransient,
});

export const useLayouts = () => useQuery(layoutsQueryOptions);
