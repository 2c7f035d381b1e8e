import type { Task, TaskStatus } from '@painlab/shared/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError, NetworkError } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useTransitionTask } from '../api/save-task';
import { isOverdue } from '../lib/filters';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import { TaskComments } from './task-comments';

/** A line that is only a path of this app and a record id (a system task's "open it here"). */
const APP_LINK = /^\/[a-z-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The description, with a line holding an app path shown as a link (a questionnaire to fill). */
function Description({ text }: { text: string }) {
  const { t } = useTranslation('tasks');
  const lines = text.split('\n');
  const link = lines.find((line) => APP_LINK.test(line.trim()));
  const rest = lines.filter((line) => line !== link).join('\n');
  return (
    <>
      {rest ? <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{rest}</p> : null}
      {link ? (
        <Link
          to={link.trim()}
          className="mt-1 inline-flex min-h-10 items-center text-sm font-medium text-teal-800 underline underline-offset-4"
        >
          {t('card.openLink')}
        </Link>
      ) : null}
    </>
  );
}

/** One task: what, for whom, by when, its status and the moves the viewer may make. */
export function TaskCard({
  task,
  today,
  onEdit,
  compact = false,
}: {
  task: Task;
  today: string;
  onEdit?: (task: Task) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const move = useTransitionTask(task.id);
  const [open, setOpen] = useState(false);
  const overdue = isOverdue(task, today);
  const patientView = !task.editable && task.allowedTransitions.every((s) => s === 'done');

  async function moveTo(status: TaskStatus) {
    try {
      await move.mutateAsync({ status, version: task.version });
      toast.success(t('form.updated'));
    } catch (error) {
      if (isApiError(error, 409)) toast.error(t('errors.conflict'));
      else if (error instanceof NetworkError) toast.error(t('errors.network'));
      else toast.error(t('errors.updateFailed'));
    }
  }

  const assignee =
    task.assignee === null
      ? t('card.unassigned')
      : task.assignee.kind === 'queue'
        ? t('card.queue', { name: t(`enums.queue.${task.assignee.role}`) })
        : task.assignee.name;

  return (
    <article
      aria-labelledby={`task-${task.id}`}
      className={cn(
        'rounded-lg border bg-white p-4 shadow-sm',
        overdue ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`task-${task.id}`} className="min-w-0 font-medium break-words text-slate-900">
          {task.title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <TaskStatusBadge status={task.status} />
          <TaskPriorityBadge priority={task.priority} />
        </div>
      </div>
      {task.description && !compact ? <Description text={task.description} /> : null}
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <div>
          <dt className="sr-only">{t('fields.dueDate')}</dt>
          <dd className={overdue ? 'font-medium text-red-800' : undefined}>
            {task.dueDate ? t('card.due', { date: format.date(task.dueDate) }) : t('card.noDue')}
            {overdue ? ` · ${t('card.overdue')}` : null}
          </dd>
        </div>
        {task.patient ? (
          <div>
            <dt className="sr-only">{t('fields.patient')}</dt>
            <dd>{task.patient.name}</dd>
          </div>
        ) : null}
        {!patientView ? (
          <div>
            <dt className="sr-only">{t('fields.assignee')}</dt>
            <dd>{assignee}</dd>
          </div>
        ) : null}
      </dl>
      {task.reason && !compact ? (
        <p className="mt-1 text-xs text-slate-600">{t('card.bySystem', { reason: task.reason })}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {compact && !patientView && task.allowedTransitions.length ? (
          <EnumSelect
            className="h-8 w-full py-0"
            aria-label={t('card.moveLabel', { title: task.title })}
            options={task.allowedTransitions}
            placeholder={t('card.moveSelect')}
            labelOf={(s) => t(`enums.status.${s}`)}
            value=""
            disabled={move.isPending}
            onChange={(e) => {
              if (e.target.value) void moveTo(e.target.value as TaskStatus);
            }}
          />
        ) : (
          task.allowedTransitions.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'done' && patientView ? 'primary' : 'secondary'}
              disabled={move.isPending}
              onClick={() => void moveTo(status)}
            >
              {patientView
                ? t('card.markDone')
                : t('card.moveTo', { status: t(`enums.status.${status}`) })}
            </Button>
          ))
        )}
        {task.editable && onEdit ? (
          <Button size="sm" variant="ghost" onClick={() => onEdit(task)}>
            {t('card.edit')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('card.hideComments') : t('card.comments')}
        </Button>
      </div>
      {open ? <TaskComments taskId={task.id} /> : null}
    </article>
  );
}
