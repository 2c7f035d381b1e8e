/**
 * The treatments API: the list (filters, keyset pages), a plan, one version, the patient's own plan,
 * and the writes (create, revise, status, acknowledge). Writes refresh every treatment query.
 */
import {
  myPlanSchema,
  planListSchema,
  planSchema,
  planVersionSchema,
  type ChangePlanStatusInput,
  type CreatePlanInput,
  type PlanListQuery,
  type RevisePlanInput,
} from '@painlab/shared/treatments';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { planPath, treatmentKeys } from './keys';

function listUrl(filter: PlanListQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== '') params.set(k, String(v));
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return `/api/treatments${qs ? `?${qs}` : ''}`;
}

export function plansInfiniteQueryOptions(filter: PlanListQuery) {
  const queryKey = treatmentKeys.list(filter);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get(listUrl(filter, pageParam), planListSchema, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const usePlans = (filter: PlanListQuery, enabled = true) =>
  useInfiniteQuery({ ...plansInfiniteQueryOptions(filter), enabled });

export function planQueryOptions(id: string) {
  const queryKey = treatmentKeys.plan(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(planPath(id), planSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const usePlan = (id: string) => useQuery(planQueryOptions(id));

export function useVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: treatmentKeys.version(id, version ?? 0),
    queryFn: ({ signal }) =>
      api.get(`${planPath(id)}/versions/${version}`, planVersionSchema, signal),
    enabled: version !== null,
    staleTime: Infinity, // a version never changes
    retry: retryTransient,
  });
}

export function myPlanQueryOptions() {
  const queryKey = treatmentKeys.mine();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/treatments/mine', myPlanSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const useMyPlan = (enabled = true) => useQuery({ ...myPlanQueryOptions(), enabled });

const cliniciansSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The clinicians a plan can name as responsible (the specialists list). */
export function useClinicians() {
  const queryKey = treatmentKeys.clinicians();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/specialists', cliniciansSchema, signal),
    select: (d) => d.items,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: treatmentKeys.all });
}

export function useCreatePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['treatment', 'create'],
    mutationFn: (input: CreatePlanInput) =>
      apiJson('/api/treatments', planSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: refresh,
  });
}

export function useRevisePlan(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['treatment', 'revise', id],
    mutationFn: (input: RevisePlanInput) =>
      apiJson(planPath(id), planSchema, { method: 'PATCH', body: input }),
    retry: false,
    onSuccess: refresh,
  });
}

export function useChangeStatus(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['treatment', 'status', id],
    mutationFn: (input: ChangePlanStatusInput) =>
      apiJson(`${planPath(id)}/status`, planSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: refresh,
  });
}

export function useAcknowledge(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['treatment', 'acknowledge', id],
    mutationFn: (version: number) =>
      apiJson(`${planPath(id)}/acknowledge`, myPlanSchema, {
        method: 'POST',
        body: { version },
      }),
    retry: false,
    onSuccess: refresh,
  });
}
