import { zodResolver } from '@hookform/resolvers/zod';
import {
  TASK_LIMITS,
  TASK_PRIORITIES,
  TASK_QUEUES,
  createTaskSchema,
  type CreateTaskInput,
  type Task,
} from '@painlab/shared/tasks';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError, NetworkError } from '../../../lib/api-client';
import { useAssignees } from '../api/get-assignees';
import { useCreateTask, useUpdateTask } from '../api/save-task';

/** The form's values: the assignee as one select value, `user:<id>` or `queue:<role>`. */
const formSchema = z.object({
  title: createTaskSchema.shape.title,
  description: z.string().max(TASK_LIMITS.description, { error: 'too_long' }),
  assignee: z.string().min(1, { error: 'required' }),
  dueDate: z.union([
    z.literal(''),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' }),
  ]),
  priority: z.enum(TASK_PRIORITIES, { error: 'invalid_choice' }),
});
type FormValues = z.infer<typeof formSchema>;

function toInput(values: FormValues, patientId: string | null): CreateTaskInput {
  const [kind, ref] = values.assignee.split(/:(.*)/s) as [string, string];
  return {
    title: values.title,
    description: values.description.trim() || null,
    assignee:
      kind === 'queue'
        ? { kind: 'queue', role: ref as (typeof TASK_QUEUES)[number] }
        : { kind: 'user', userId: ref },
    dueDate: values.dueDate || null,
    priority: values.priority,
    ...(patientId ? { patientId } : {}),
  };
}

/** Create (no `task`) or edit a task (staff). SPEC §8 texts on failure and success. */
export function TaskForm({
  task,
  patientId,
  onDone,
}: {
  task?: Task;
  patientId: string | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('tasks');
  const fieldMessage = useFieldMessage();
  const base = useId();
  const summary = useRef<HTMLDivElement>(null);
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const taskPatient = task ? (task.patient?.id ?? null) : patientId;
  const assignees = useAssignees(taskPatient, true);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      assignee: task?.assignee
        ? task.assignee.kind === 'queue'
          ? `queue:${task.assignee.role}`
          : `user:${task.assignee.id}`
        : '',
      dueDate: task?.dueDate ?? '',
      priority: task?.priority ?? 'medium',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (m: string | undefined) =>
    m && i18n.exists(`tasks:messages.${m}`)
      ? t(`messages.${m}` as 'messages.required')
      : fieldMessage(m);

  async function submit(values: FormValues) {
    const input = toInput(values, taskPatient);
    try {
      if (task) {
        await update.mutateAsync({
          version: task.version,
          title: input.title,
          description: input.description ?? null,
          assignee: input.assignee,
          dueDate: input.dueDate ?? null,
          priority: input.priority,
        });
        toast.success(t('form.updated'));
      } else {
        await create.mutateAsync(input);
        toast.success(t('form.created'));
      }
      onDone();
    } catch (error) {
      if (isApiError(error, 400)) {
        for (const d of error.details ?? []) {
          const field = d.path.split('.')[0] as keyof FormValues;
          if (field in values) form.setError(field, { message: d.message });
        }
      }
      const text = task ? t('errors.updateFailed') : t('errors.createFailed');
      toast.error(
        isApiError(error, 409)
          ? t('errors.conflict')
          : error instanceof NetworkError
            ? t('errors.network')
            : text,
      );
      summary.current?.focus();
      summary.current?.scrollIntoView?.({ block: 'center' });
    }
  }

  const failed = create.isError || update.isError;
  const people = assignees.data?.items ?? [];

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`${base}-title`}
    >
      <h2 id={`${base}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {task ? t('form.editTitle') : t('form.newTitle')}
      </h2>
      <div ref={summary} tabIndex={-1} className="outline-none">
        {failed ? (
          <Alert tone="error" className="mb-3">
            {task ? t('errors.updateFailed') : t('errors.createFailed')}
          </Alert>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${base}-t`}
          label={t('fields.title')}
          required
          error={message(errors.title?.message)}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input {...control} maxLength={TASK_LIMITS.title} {...form.register('title')} />
          )}
        </FormField>
        <FormField
          id={`${base}-d`}
          label={t('fields.description')}
          error={message(errors.description?.message)}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
        </FormField>
        <FormField
          id={`${base}-a`}
          label={t('fields.assignee')}
          required
          error={message(errors.assignee?.message)}
        >
          {(control) => (
            <Select {...control} {...form.register('assignee')}>
              <option value="">{t('form.chooseAssignee')}</option>
              <optgroup label={t('form.queueGroup')}>
                {TASK_QUEUES.map((q) => (
                  <option key={q} value={`queue:${q}`}>
                    {t(`enums.queue.${q}`)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('form.peopleGroup')}>
                {people.map((p) => (
                  <option key={p.id} value={`user:${p.id}`}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            </Select>
          )}
        </FormField>
        <FormField
          id={`${base}-due`}
          label={t('fields.dueDate')}
          error={message(errors.dueDate?.message)}
        >
          {(control) => <Input type="date" {...control} {...form.register('dueDate')} />}
        </FormField>
        <FormField
          id={`${base}-p`}
          label={t('fields.priority')}
          required
          error={message(errors.priority?.message)}
        >
          {(control) => (
            <EnumSelect
              {...control}
              options={TASK_PRIORITIES}
              labelOf={(v) => t(`enums.priority.${v}`)}
              {...form.register('priority')}
            />
          )}
        </FormField>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {task ? t('form.save') : t('form.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
