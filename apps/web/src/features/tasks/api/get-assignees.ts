/** `GET /api/tasks/assignees`: who a task may be assigned to (staff only). */
import { taskAssignableSchema } from '@painlab/shared/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { taskKeys } from './keys';

const schema = z.object({ items: z.array(taskAssignableSchema) });

export function assigneesQueryOptions(patientId: string | null) {
  const queryKey = taskKeys.assignees(patientId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/tasks/assignees${patientId ? `?patientId=${encodeURIComponent(patientId)}` : ''}`,
        schema,
        signal,
      ),
    ...cachePolicy([...queryKey]),
  });
}

export function useAssignees(patientId: string | null, enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(patientId), enabled });
}
