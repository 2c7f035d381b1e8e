/** Query keys of the tasks module: every key starts with 'tasks' (SPEC §9: task → medium priority). */
import type { TaskFilters } from '../lib/filters';

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (filters: TaskFilters, today: string) => ['tasks', 'list', filters, today] as const,
  comments: (id: string) => ['tasks', 'detail', id, 'comments'] as const,
  history: (id: string) => ['tasks', 'detail', id, 'history'] as const,
  assignees: (patientId: string | null) => ['tasks', 'assignees', patientId] as const,
};

export const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;
