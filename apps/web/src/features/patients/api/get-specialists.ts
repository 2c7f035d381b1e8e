/** `GET /api/specialists` → `{ items: [{ id, name }] }`, for the form's select and the list filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { specialistKeys } from './keys';

const specialistsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Specialist = { id: string; name: string };

export const specialistsQueryOptions = queryOptions({
  queryKey: specialistKeys.all,
  queryFn: ({ signal }) => api.get('/api/specialists', specialistsSchema, signal),
  select: (data): Specialist[] => data.items,
  ...cachePolicy([...specialistKeys.all]),
  retry: retryTransient,
});

export function useSpecialists() {
  return useQuery(specialistsQueryOptions);
}
