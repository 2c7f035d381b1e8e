/** The task list's filters, as the URL keeps them, and the API's query string for a page. */
import { TASK_STATUSES, type TaskStatus } from '@painlab/shared/tasks';

export const TASK_VIEWS = ['all', 'mine', 'overdue', 'today'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const PAGE_SIZE = 100;

export type TaskFilters = { view: TaskView; status: TaskStatus | null; patientId: string | null };

export function filtersFromSearchParams(params: URLSearchParams): TaskFilters {
  const view = params.get('view');
  const status = params.get('status');
  return {
    view: (TASK_VIEWS as readonly string[]).includes(view ?? '') ? (view as TaskView) : 'all',
    status: (TASK_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as TaskStatus)
      : null,
    patientId: params.get('patientId') || null,
  };
}

/** The viewer's calendar date (`YYYY-MM-DD`): "overdue" and "due today" are about their day. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function taskListSearch(filters: TaskFilters, cursor: string | null, today: string): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE), today });
  if (filters.view === 'mine') q.set('assignee', 'mine');
  if (filters.view === 'overdue') q.set('due', 'overdue');
  if (filters.view === 'today') q.set('due', 'today');
  if (filters.status) q.set('status', filters.status);
  if (filters.patientId) q.set('patientId', filters.patientId);
  if (cursor) q.set('cursor', cursor);
  return `?${q.toString()}`;
}

/** True when an open task's due date is before `today`. */
export function isOverdue(
  task: { dueDate: string | null; status: TaskStatus },
  today: string,
): boolean {
  return (
    task.dueDate !== null &&
    task.dueDate < today &&
    ['new', 'in_progress', 'pending_review'].includes(task.status)
  );
}
