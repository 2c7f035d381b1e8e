/**
 * `POST /api/tasks`, `PATCH /api/tasks/{id}` (with the version read: a stale one is a 409) and
 * `POST /api/tasks/{id}/transition`. Each refreshes the lists and the task's history.
 */
import {
  taskSchema,
  type CreateTaskInput,
  type TaskStatus,
  type UpdateTaskInput,
} from '@painlab/shared/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { taskKeys, taskPath } from './keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
      ...(id ? [queryClient.invalidateQueries({ queryKey: taskKeys.history(id) })] : []),
    ]);
}

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['tasks', 'create'],
    mutationFn: (input: CreateTaskInput) =>
      apiJson('/api/tasks', taskSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: () => refresh(),
  });
}

export function useUpdateTask(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['tasks', 'update'],
    mutationFn: (input: UpdateTaskInput) =>
      apiJson(taskPath(id), taskSchema, { method: 'PATCH', body: input }),
    retry: false,
    onSuccess: () => refresh(id),
  });
}

export function useTransitionTask(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['tasks', 'transition'],
    mutationFn: (input: { status: TaskStatus; version: number }) =>
      apiJson(`${taskPath(id)}/transition`, taskSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: () => refresh(id),
  });
}
