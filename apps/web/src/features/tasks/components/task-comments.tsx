import { zodResolver } from '@hookform/resolvers/zod';
import { TASK_LIMITS, taskCommentInputSchema } from '@painlab/shared/tasks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError } from '../../../lib/api-client';
import { useAddComment, useTaskComments } from '../api/task-comments';

/** A task's comments, oldest first, and a box to add one (anyone who sees the task). */
export function TaskComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const id = useId();
  const comments = useTaskComments(taskId);
  const add = useAddComment(taskId);
  const fieldMessage = useFieldMessage();
  const form = useForm({
    resolver: zodResolver(taskCommentInputSchema),
    defaultValues: { body: '' },
  });
  const body = form.watch('body');

  async function submit({ body: text }: { body: string }) {
    try {
      await add.mutateAsync(text);
      form.reset();
      toast.success(t('comments.added'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('errors.updateFailed'));
    }
  }

  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      {comments.isPending ? (
        <Spinner />
      ) : comments.data?.items.length ? (
        <ul className="space-y-2">
          {comments.data.items.map((c) => (
            <li key={c.id} className="text-sm">
              <p className="text-xs text-slate-600">
                {c.author?.name ?? '—'} · {format.dateTime(c.createdAt)}
              </p>
              <p className="whitespace-pre-wrap text-slate-800">{c.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('comments.empty')}</p>
      )}
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <FormField
          id={id}
          label={t('comments.label')}
          error={fieldMessage(form.formState.errors.body?.message)}
          className="flex-1"
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={TASK_LIMITS.comment}
              {...form.register('body')}
            />
          )}
        </FormField>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          disabled={add.isPending || !body?.trim()}
        >
          {t('comments.add')}
        </Button>
      </form>
    </div>
  );
}
