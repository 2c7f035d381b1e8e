/** `GET|POST /api/tasks/{id}/comments`. */
import { taskCommentSchema } from '@painlab/shared/tasks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { taskKeys, taskPath } from './keys';

const listSchema = z.object({ items: z.array(taskCommentSchema) });

export function commentsQueryOptions(id: string) {
  const queryKey = taskKeys.comments(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(`${taskPath(id)}/comments`, listSchema, signal),
    ...cachePolicy([...queryKey]),
  });
}

export const useTaskComments = (id: string) => useQuery(commentsQueryOptions(id));

export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tasks', 'comment'],
    mutationFn: (body: string) =>
      apiJson(`${taskPath(id)}/comments`, taskCommentSchema, { method: 'POST', body: { body } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.comments(id) }),
  });
}
