import { TASK_STATUSES, type Task, type TaskStatus } from '@painlab/shared/tasks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useTasks } from '../api/get-tasks';
import { filtersFromSearchParams, localToday, TASK_VIEWS, type TaskFilters } from '../lib/filters';
import { TaskCard } from './task-card';
import { TaskForm } from './task-form';

/**
 * /tasks. Staff: every task, filters (mine, overdue, due today, status, a patient), a list or a
 * board by status, create and edit. A patient: their own tasks, to mark done.
 */
export function TaskListView({ staff }: { staff: boolean }) {
  const { t } = useTranslation('tasks');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const today = useMemo(() => localToday(), []);
  const tasks = useTasks(filters, today);
  const [layout, setLayout] = useState<'list' | 'board'>('list');
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const items = useMemo(() => tasks.data?.pages.flatMap((p) => p.items) ?? [], [tasks.data]);
  const patientName = filters.patientId
    ? items.find((i) => i.patient?.id === filters.patientId)?.patient?.name
    : undefined;

  function setFilter(change: Partial<TaskFilters>) {
    const next = { ...filters, ...change };
    const q = new URLSearchParams();
    if (next.view !== 'all') q.set('view', next.view);
    if (next.status) q.set('status', next.status);
    if (next.patientId) q.set('patientId', next.patientId);
    setParams(q, { replace: true });
  }

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={staff ? t('description') : t('patientDescription')}
        actions={
          staff && editing === null ? (
            <Button onClick={() => setEditing('new')}>{t('form.new')}</Button>
          ) : null
        }
      />
      {staff && editing !== null ? (
        <TaskForm
          key={editing === 'new' ? 'new' : editing.id}
          task={editing === 'new' ? undefined : editing}
          patientId={filters.patientId}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {staff ? (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div role="group" aria-label={t('views.label')} className="flex flex-wrap gap-1">
            {TASK_VIEWS.map((view) => (
              <Button
                key={view}
                size="sm"
                variant={filters.view === view ? 'primary' : 'secondary'}
                aria-pressed={filters.view === view}
                onClick={() => setFilter({ view })}
              >
                {t(`views.${view}`)}
              </Button>
            ))}
          </div>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t('filters.status')}
            <EnumSelect
              className="h-8 py-0"
              options={TASK_STATUSES}
              placeholder={t('filters.anyStatus')}
              labelOf={(v) => t(`enums.status.${v}`)}
              value={filters.status ?? ''}
              onChange={(e) => setFilter({ status: (e.target.value || null) as TaskStatus | null })}
            />
          </label>
          <div role="group" aria-label={t('layout.label')} className="flex gap-1 sm:ml-auto">
            {(['list', 'board'] as const).map((l) => (
              <Button
                key={l}
                size="sm"
                variant={layout === l ? 'primary' : 'secondary'}
                aria-pressed={layout === l}
                onClick={() => setLayout(l)}
              >
                {t(`layout.${l}`)}
              </Button>
            ))}
          </div>
          {filters.patientId ? (
            <Button size="sm" variant="link" onClick={() => setFilter({ patientId: null })}>
              {patientName ? `${t('filters.patient', { name: patientName })} · ` : ''}
              {t('filters.clearPatient')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {tasks.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> {t('loading')}
        </p>
      ) : tasks.isError ? (
        <Alert tone="error">{t('errors.loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : layout === 'board' && staff ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
          {TASK_STATUSES.map((status) => {
            const column = items.filter((i) => i.status === status);
            return (
              <section key={status} aria-labelledby={`col-${status}`} className="min-w-0">
                <h2 id={`col-${status}`} className="mb-2 text-sm font-semibold text-slate-700">
                  {t(`enums.status.${status}`)} ({column.length})
                </h2>
                <div className="flex flex-col gap-3">
                  {column.map((task) => (
                    <TaskCard key={task.id} task={task} today={today} onEdit={setEditing} compact />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      ) : (
        <div className={cn('flex flex-col gap-3', tasks.isPlaceholderData && 'opacity-70')}>
          {items.map((task) => (
            <TaskCard key={task.id} task={task} today={today} onEdit={setEditing} />
          ))}
        </div>
      )}
      {tasks.hasNextPage ? (
        <Button
          className="mt-4"
          variant="secondary"
          disabled={tasks.isFetchingNextPage}
          onClick={() => void tasks.fetchNextPage()}
        >
          {t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
