/** `GET /api/patients/{id}/notes` → `{ items }`, newest first. */
import { noteSchema } from '@painlab/shared/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { patientKeys, patientPath } from './keys';

export const notesSchema = z.object({ items: z.array(noteSchema) });

export function notesQueryOptions(id: string) {
  const queryKey = patientKeys.notes(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(`${patientPath(id)}/notes`, notesSchema, signal),
    select: (data) => data.items,
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useNotes(id: string) {
  return useQuery(notesQueryOptions(id));
}
