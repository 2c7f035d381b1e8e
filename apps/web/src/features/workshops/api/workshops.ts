/**
 * Staff workshops: `GET /api/admin/workshops`, `PUT /api/admin/workshops/{id}` (status and capacity
 * changes send the whole workshop back), `GET …/{id}/registrations`, `POST …/registrations/{r}/cancel`.
 * The CSV export is a plain link (`GET …/{id}/export`).
 */
import { z } from 'zod';
import {
  staffRegistrationSchema,
  staffWorkshopSchema,
  type StaffWorkshop,
  type WorkshopInput,
} from '@painlab/shared/workshops';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

const listSchema = z.object({ items: z.array(staffWorkshopSchema) });
const registrationsSchema = z.object({
  workshop: staffWorkshopSchema,
  items: z.array(staffRegistrationSchema),
});

export const workshopKeys = {
  all: ['workshops'] as const,
  list: () => ['workshops', 'list'] as const,
  registrations: (id: string) => ['workshops', 'registrations', id] as const,
};

export function workshopsQueryOptions() {
  const queryKey = workshopKeys.list();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/admin/workshops', listSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useWorkshops() {
  return useQuery(workshopsQueryOptions());
}

export function useRegistrations(id: string | null) {
  const queryKey = workshopKeys.registrations(id ?? '');
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/admin/workshops/${encodeURIComponent(id!)}/registrations`,
        registrationsSchema,
        signal,
      ),
    enabled: id !== null,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

/** The input of a PUT: the workshop as it is, with `changes`. */
export function inputOf(w: StaffWorkshop, changes: Partial<WorkshopInput>): WorkshopInput {
  return {
    slug: w.slug,
    market: w.market,
    status: w.status,
    titleEs: w.titleEs,
    titleEn: w.titleEn,
    summaryEs: w.summaryEs,
    summaryEn: w.summaryEn,
    descriptionEs: w.descriptionEs,
    descriptionEn: w.descriptionEn,
    facilitator: w.facilitator,
    timeZone: w.timeZone,
    venue: w.venue,
    address: w.address,
    onlineUrl: w.onlineUrl,
    onlinePlatform: w.onlinePlatform,
    priceCents: w.priceCents,
    currency: w.currency,
    capacity: w.capacity,
    sessions: w.sessions,
    ...changes,
  };
}

export function useUpdateWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workshops', 'update'],
    mutationFn: ({ id, input }: { id: string; input: WorkshopInput }) =>
      apiJson(`/api/admin/workshops/${encodeURIComponent(id)}`, staffWorkshopSchema, {
        method: 'PUT',
        body: input,
      }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}

export function useCreateWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workshops', 'create'],
    mutationFn: (input: WorkshopInput) =>
      apiJson('/api/admin/workshops', staffWorkshopSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workshops', 'cancel'],
    mutationFn: ({ workshopId, id }: { workshopId: string; id: string }) =>
      apiJson(
        `/api/admin/workshops/${encodeURIComponent(workshopId)}/registrations/${encodeURIComponent(id)}/cancel`,
        staffRegistrationSchema,
        { method: 'POST', body: {} },
      ),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
