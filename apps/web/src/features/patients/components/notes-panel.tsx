import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, noteInputSchema, type Note } from '@painlab/shared/patients';
import { History, PencilLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { useFormatters } from '../../../hooks/use-formatters';
import { useAmendNote } from '../api/amend-note';
import { useCreateNote } from '../api/create-note';
import { useNotes } from '../api/get-notes';
import { errorKind, errorText } from '../lib/error-text';

function useNoteError() {
  const { t } = useTranslation('patients');
  return (error: unknown) =>
    errorKind(error) === 'forbidden'
      ? t('notes.onlyAuthor')
      : t('notes.failed', { message: errorText(error, t('errors.unknown'), t('errors.network')) });
}

type NoteValues = { body: string };

/** A note's text, with the shared `noteInputSchema` (react-hook-form, like every form). */
function useNoteForm(body: string) {
  return useForm<NoteValues, unknown, NoteValues>({
    resolver: zodResolver(noteInputSchema),
    defaultValues: { body },
  });
}

function NewNote({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const message = useFieldMessage();
  const uid = useId();
  const form = useNoteForm('');
  const create = useCreateNote(patientId);
  const describeError = useNoteError();

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((values) => {
        if (create.isPending) return;
        create.mutate(values.body, {
          onSuccess: () => {
            form.reset({ body: '' });
            toast.success(t('notes.added'));
          },
          onError: (error) => toast.error(describeError(error)),
        });
      })}
    >
      <FormField
        id={`${uid}-body`}
        label={t('notes.addLabel')}
        error={message(form.formState.errors.body?.message)}
      >
        {(control) => (
          <Textarea
            rows={4}
            maxLength={LIMITS.note}
            placeholder={t('notes.addPlaceholder')}
            disabled={create.isPending}
            {...control}
            {...form.register('body')}
          />
        )}
      </FormField>
      {create.isError ? <Alert tone="error">{describeError(create.error)}</Alert> : null}
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('notes.saving') : t('notes.save')}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ note, patientId }: { note: Note; patientId: string }) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const message = useFieldMessage();
  const uid = useId();
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const form = useNoteForm(note.body);
  // read while rendering: react-hook-form tracks only the form state a render subscribed to
  const { isDirty } = form.formState;
  const amend = useAmendNote(patientId);
  const describeError = useNoteError();
  const amended = note.amendments.length > 0;

  const save = (values: NoteValues) => {
    if (amend.isPending) return;
    if (values.body === note.body) {
      setEditing(false);
      return;
    }
    amend.mutate(
      { noteId: note.id, body: values.body },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('notes.amendedToast'));
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-note-id={note.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span className="font-medium text-slate-900">
            {t('notes.by', { name: note.author.name })}
          </span>
          <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
            ·
          </span>
          <time dateTime={note.createdAt} className="text-slate-600">
            {format.dateTime(note.createdAt)}
          </time>
          {amended ? (
            <span className="rounded-full border border-amber-200 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
              {t('notes.amended')}
            </span>
          ) : null}
        </div>
        {note.editable && !editing ? (
          <Button
            variant="ghost"
            size="sm"
            className="-mt-1 shrink-0"
            onClick={() => {
              form.reset({ body: note.body });
              amend.reset();
              setEditing(true);
            }}
          >
            <PencilLine aria-hidden="true" className="h-4 w-4" />
            {t('notes.amend')}
          </Button>
        ) : null}
      </div>

      {editing ? (
        <form noValidate className="mt-3 flex flex-col gap-2" onSubmit={form.handleSubmit(save)}>
          <FormField
            id={`${uid}-amend`}
            label={t('notes.amendLabel')}
            hint={t('notes.amendHint')}
            error={message(form.formState.errors.body?.message)}
          >
            {(control) => (
              <Textarea
                rows={4}
                maxLength={LIMITS.note}
                disabled={amend.isPending}
                {...control}
                {...form.register('body')}
              />
            )}
          </FormField>
          {amend.isError ? <Alert tone="error">{describeError(amend.error)}</Alert> : null}
          <div className="flex gap-2">
            <Button
              type="submit"
              size="sm"
              disabled={amend.isPending}
              aria-busy={amend.isPending || undefined}
            >
              {amend.isPending ? t('notes.savingAmendment') : t('notes.saveAmendment')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => (isDirty ? setConfirmDiscard(true) : setEditing(false))}
              disabled={amend.isPending}
            >
              {t('notes.cancel')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirmDiscard}
            title={t('form.discardTitle')}
            confirmLabel={t('form.discard')}
            cancelLabel={t('form.keepEditing')}
            tone="danger"
            onConfirm={() => {
              setConfirmDiscard(false);
              setEditing(false);
            }}
            onCancel={() => setConfirmDiscard(false)}
          >
            {t('form.discardBody')}
          </ConfirmDialog>
        </form>
      ) : (
        <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{note.body}</p>
      )}

      {amended ? (
        <details className="group mt-3">
          <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded text-xs font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600">
            <History aria-hidden="true" className="h-3.5 w-3.5" />
            {t('notes.earlierVersions', { count: note.amendments.length })}
          </summary>
          <ol className="mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-3">
            {[...note.amendments].reverse().map((version, index) => (
              <li key={`${version.createdAt}-${index}`} className="text-sm">
                <p className="text-xs text-slate-600">
                  {t('notes.versionFrom', { date: format.dateTime(version.createdAt) })}
                </p>
                <p className="mt-0.5 whitespace-pre-wrap text-slate-600">{version.body}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/** Clinician notes: add one; amend your own (the earlier text is kept and shown). */
export function NotesPanel({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const notes = useNotes(patientId);

  return (
    <section aria-labelledby="notes-title" className="flex flex-col gap-6">
      <h2 id="notes-title" className="sr-only">
        {t('notes.title')}
      </h2>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <NewNote patientId={patientId} />
      </div>
      {notes.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton shape="panel" className="h-24 w-full" />
          <Skeleton shape="panel" className="h-24 w-full" />
        </div>
      ) : notes.isError ? (
        <Alert tone="error">
          {t('notes.loadFailed')}{' '}
          <Button variant="link" size="sm" onClick={() => void notes.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('notes.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="notes-list">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} patientId={patientId} />
          ))}
        </ol>
      )}
    </section>
  );
}
