/**
 * `/cita/lista-espera#<token>` (public, ADR 0032): a waitlist offer's link shows the freed time and
 * takes or declines it only after a press (a mail scanner that opens links does nothing), then says
 * plainly what happened; a time taken meanwhile, an answered or lapsed offer each say so.
 */
import type { WaitlistOffer } from '@painlab/shared/waitlist';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useOfferLinkAnswer, useOfferLinkView } from '../api/waitlist';
import { useAppointmentFormat } from './appointment-format';
import { readLinkToken } from '../../../lib/link-token';
import { Shell } from './link-page';

const KNOWN_ERRORS = [
  'waitlist_link_invalid',
  'waitlist_link_expired',
  'waitlist_link_used',
  'waitlist_slot_gone',
] as const;

export function OfferDetails({ offer }: { offer: WaitlistOffer }) {
  const { t, i18n } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-base"
      data-testid="offer-details"
    >
      <dt className="text-slate-600">{t('fields.when')}</dt>
      <dd className="font-medium text-slate-900">{format.when(offer.startsAt, offer.timeZone)}</dd>
      <dt className="text-slate-600">{t('fields.type')}</dt>
      <dd className="text-slate-900">{offer.type.name[lang]}</dd>
      <dt className="text-slate-600">{t('fields.specialist')}</dt>
      <dd className="text-slate-900">{offer.specialist.name}</dd>
      <dt className="text-slate-600">{t('waitlist.offerUntil')}</dt>
      <dd className="text-slate-900">{format.when(offer.expiresAt, offer.timeZone)}</dd>
    </dl>
  );
}

export function WaitlistOfferScreen() {
  const { t } = useTranslation('appointments');
  const [token] = useState(readLinkToken);
  const view = useOfferLinkView(token);
  const answer = useOfferLinkAnswer(token);
  const title = t('waitlist.link.title');

  const errorOf = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    const known = KNOWN_ERRORS.find((k) => k === code);
    return (
      <Alert tone={known === 'waitlist_link_used' ? 'info' : 'error'} data-testid="link-error">
        <p className="font-semibold">{t(`waitlist.errors.${known ?? 'failed'}`)}</p>
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
  const data = view.data;
  if (answer.isSuccess)
    return (
      <Shell title={t(`waitlist.link.done.${answer.data.outcome}`)}>
        <Alert
          tone={answer.data.outcome === 'booked' ? 'success' : 'info'}
          data-testid="link-outcome"
        >
          {t(`waitlist.link.doneBody.${answer.data.outcome}`)}
        </Alert>
        <OfferDetails offer={data.offer} />
      </Shell>
    );
  return (
    <Shell title={title}>
      <p className="text-base text-slate-800">
        {t('waitlist.link.lead', { name: data.patientFirstName, clinic: data.clinic })}
      </p>
      <OfferDetails offer={data.offer} />
      {answer.isError ? errorOf(answer.error) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" disabled={answer.isPending} onClick={() => answer.mutate('take')}>
          {t('waitlist.take')}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate('decline')}
        >
          {t('waitlist.decline')}
        </Button>
      </div>
    </Shell>
  );
}
