/**
 * `/cita/confirmar#<token>` and `/cita/anular#<token>` (public, ADR 0021): a reminder's link shows
 * the appointment and does its one thing after a press (a mail scanner that opens links never
 * confirms or cancels), then says plainly what happened. The token is read from the fragment and
 * removed from the address bar. The public layout around it has the language switch.
 */
import type { ReminderLinkPurpose, ReminderLinkView } from '@painlab/shared/reminders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useReminderLinkAction, useReminderLinkView } from '../api/reminder-links';
import { useAppointmentFormat } from './appointment-format';
import { readLinkToken } from '../../../lib/link-token';
import { Shell } from './link-page';

const KNOWN_ERRORS = [
  'reminder_link_invalid',
  'reminder_link_expired',
  'reminder_link_used',
  'appointment_cancelled',
] as const;

function Details({ view }: { view: ReminderLinkView }) {
  const { t, i18n } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-base"
      data-testid="link-appointment"
    >
      <dt className="text-slate-600">{t('fields.when')}</dt>
      <dd className="font-medium text-slate-900">{format.when(view.startsAt, view.timeZone)}</dd>
      <dt className="text-slate-600">{t('fields.type')}</dt>
      <dd className="text-slate-900">{view.type[lang]}</dd>
      <dt className="text-slate-600">{t('fields.specialist')}</dt>
      <dd className="text-slate-900">{view.specialistName}</dd>
      <dt className="text-slate-600">{t('fields.place')}</dt>
      <dd className="text-slate-900">
        {view.modality === 'telehealth' ? t('modality.telehealth') : (view.location ?? view.clinic)}
      </dd>
    </dl>
  );
}

export function ReminderLinkScreen({ purpose }: { purpose: ReminderLinkPurpose }) {
  const { t } = useTranslation('appointments');
  const [token] = useState(readLinkToken);
  const view = useReminderLinkView(purpose, token);
  const action = useReminderLinkAction(purpose, token);
  const title = t(`reminderLink.${purpose}.title`);

  const errorOf = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    const known = KNOWN_ERRORS.find((k) => k === code);
    return (
      <Alert tone={known === 'reminder_link_used' ? 'info' : 'error'} data-testid="link-error">
        <p className="font-semibold">{t(`reminderLink.errors.${known ?? 'failed'}.title`)}</p>
        <p className="mt-1">{t(`reminderLink.errors.${known ?? 'failed'}.body`)}</p>
      </Alert>
    );
  };

  if (!token) return <Shell title={title}>{errorOf(null)}</Shell>;
  if (view.isPending)
    return (
      <Shell title={title}>
        <div aria-busy="true">
          <span role="status" className="sr-only">
            {t('loading')}
          </span>
          <Skeleton shape="card" className="h-40" />
        </div>
      </Shell>
    );
  if (view.isError) return <Shell title={title}>{errorOf(view.error)}</Shell>;

  const data = action.data?.appointment ?? view.data;
  if (action.isSuccess) {
    const outcome = action.data.outcome;
    return (
      <Shell title={t(`reminderLink.done.${outcome}.title`)}>
        <Alert tone={outcome === 'confirmed' ? 'success' : 'warning'} data-testid="link-outcome">
          <p className="font-semibold">
            {t(`reminderLink.done.${outcome}.lead`, { hours: data.cancelNoticeHours })}
          </p>
          <p className="mt-1">
            {t(`reminderLink.done.${outcome}.body`, { hours: data.cancelNoticeHours })}
          </p>
        </Alert>
        <Details view={data} />
      </Shell>
    );
  }

  return (
    <Shell title={title}>
      <p className="text-base text-slate-800">
        {t(`reminderLink.${purpose}.lead`, { name: data.patientFirstName, clinic: data.clinic })}
      </p>
      <Details view={data} />
      {purpose === 'cancel' ? (
        <Alert tone={data.late ? 'warning' : 'info'} data-testid="link-notice">
          {t(data.late ? 'reminderLink.cancel.late' : 'reminderLink.cancel.onTime', {
            hours: data.cancelNoticeHours,
          })}
        </Alert>
      ) : null}
      {action.isError ? errorOf(action.error) : null}
      <Button
        size="lg"
        variant={purpose === 'cancel' ? 'danger' : 'primary'}
        className="w-full sm:w-auto"
        disabled={action.isPending}
        onClick={() => action.mutate()}
      >
        {t(`reminderLink.${purpose}.button`)}
      </Button>
    </Shell>
  );
}
