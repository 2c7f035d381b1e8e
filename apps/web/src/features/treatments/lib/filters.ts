import { PLAN_STATUSES, type PlanListQuery, type PlanStatus } from '@painlab/shared/treatments';

/** The list's filters as the URL holds them (`?status=active&q=ruiz&mine=true`). */
export function filtersFromSearchParams(params: URLSearchParams): PlanListQuery {
  const status = params.get('status');
  const q = params.get('q')?.trim();
  return {
    ...((PLAN_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as PlanStatus }
      : {}),
    ...(q ? { q: q.slice(0, 100) } : {}),
    ...(params.get('mine') === 'true' ? { mine: 'true' as const } : {}),
  };
}
