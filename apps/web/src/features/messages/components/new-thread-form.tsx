import { MESSAGE_LIMITS } from '@painlab/shared/messages';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateThread, useRecipients } from '../api/messages';
import { UrgentField } from './urgent-field';

/**
 * A new thread. A patient writes to their care team (shown, not chosen); staff pick a patient or
 * colleagues from a search.
 */
export function NewThreadForm({
  staff,
  onCancel,
  onCreated,
}: {
  staff: boolean;
  onCancel: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const [q, setQ] = useState('');
  const recipients = useRecipients(staff ? q.trim() : '', true);
  const create = useCreateThread();
  const [to, setTo] = useState<string>('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = recipients.data?.items ?? [];
  const careTeam = options.filter((r) => r.kind === 'care_team');

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (staff && !to) next.to = t('errors.recipientRequired');
    if (!subject.trim()) next.subject = t('errors.subjectRequired');
    else if (subject.length > MESSAGE_LIMITS.subject) next.subject = t('errors.tooLong');
    if (!body.trim()) next.body = t('errors.bodyRequired');
    else if (body.length > MESSAGE_LIMITS.body) next.body = t('errors.tooLong');
    setErrors(next);
    if (Object.keys(next).length) {
      document.getElementById(`new-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    const [kind, id] = to.split(':');
    create.mutate(
      {
        subject,
        body,
        urgent,
        ...(staff && kind === 'patient' ? { patientId: id } : {}),
        ...(staff && kind === 'colleague' ? { recipientIds: [id!] } : {}),
      },
      {
        onSuccess: (thread) => {
          toast.success(t('new.sent'));
          onCreated(thread.id);
        },
        onError: (error) => {
          const detail = isApiError(error) ? error.details?.[0]?.message : undefined;
          toast.error(detail === 'no_care_team' ? t('errors.noCareTeam') : t('errors.sendFailed'));
        },
      },
    );
  }

  const field = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `new-${name}-error` } : {};
  const errorText = (name: string) =>
    errors[name] ? (
      <p id={`new-${name}-error`} className="mt-1 text-sm text-red-800">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="new-thread-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="new-thread-heading" className="text-lg font-semibold text-slate-900">
        {t('new.heading')}
      </h2>
      {staff ? (
        <div>
          <label htmlFor="new-search" className="block text-sm font-medium text-slate-800">
            {t('new.search')}
          </label>
          <Input
            id="new-search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('new.searchPlaceholder')}
          />
          <label htmlFor="new-to" className="mt-3 block text-sm font-medium text-slate-800">
            {t('new.to')}
          </label>
          <select
            id="new-to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            {...field('to')}
          >
            <option value="">{t('new.choose')}</option>
            {options.some((o) => o.kind === 'patient') ? (
              <optgroup label={t('new.patients')}>
                {options
                  .filter((o) => o.kind === 'patient')
                  .map((o) => (
                    <option key={o.id} value={`patient:${o.id}`}>
                      {o.name}
                    </option>
                  ))}
              </optgroup>
            ) : null}
            <optgroup label={t('new.colleagues')}>
              {options
                .filter((o) => o.kind === 'colleague')
                .map((o) => (
                  <option key={o.id} value={`colleague:${o.id}`}>
                    {o.name}
                  </option>
                ))}
            </optgroup>
          </select>
          {errorText('to')}
        </div>
      ) : recipients.isPending ? null : careTeam.length ? (
        <p className="text-sm text-slate-700">
          {t('new.toCareTeam', { names: careTeam.map((c) => c.name).join(', ') })}
        </p>
      ) : (
        <Alert tone="warning">{t('errors.noCareTeam')}</Alert>
      )}
      <div>
        <label htmlFor="new-subject" className="block text-sm font-medium text-slate-800">
          {t('new.subject')}
        </label>
        <Input
          id="new-subject"
          value={subject}
          maxLength={MESSAGE_LIMITS.subject}
          onChange={(e) => setSubject(e.target.value)}
          {...field('subject')}
        />
        {errorText('subject')}
      </div>
      <div>
        <label htmlFor="new-body" className="block text-sm font-medium text-slate-800">
          {t('new.body')}
        </label>
        <Textarea
          id="new-body"
          rows={5}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          {...field('body')}
        />
        {errorText('body')}
      </div>
      <UrgentField id="new-urgent" checked={urgent} onChange={setUrgent} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('new.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending || (!staff && !careTeam.length)}>
          {create.isPending ? t('reply.sending') : t('new.send')}
        </Button>
      </div>
    </form>
  );
}
