import type { ContactMessage } from '@painlab/shared/site-content';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { useContactMessages, useMarkContactMessage } from '../api/contact-messages';

function MessageCard({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('contactMessages');
  const { dateTime } = useFormatters();
  const mark = useMarkContactMessage();
  const titleId = `contact-${message.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-semibold text-slate-900">
            {message.name}
          </h2>
          <p className="text-sm text-slate-600">
            {t('received', { date: dateTime(message.createdAt) })} ·{' '}
            {t(`reasons.${message.reason}`)}
          </p>
        </div>
        <span
          className={
            message.handled
              ? 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700'
              : 'rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900'
          }
        >
          {message.handled ? t('handled') : t('open')}
        </span>
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{message.message}</p>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-slate-600">{t('email')}:</dt>
          <dd>
            <a className="text-teal-800 underline" href={`mailto:${message.email}`}>
              {message.email}
            </a>
          </dd>
        </div>
        {message.phone ? (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">{t('phone')}:</dt>
            <dd>
              <a className="text-teal-800 underline" href={`tel:${message.phone}`}>
                {message.phone}
              </a>
            </dd>
          </div>
        ) : null}
        {message.handledAt ? (
          <div className="text-slate-600">
            {t('handledAt', { date: dateTime(message.handledAt) })}
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant={message.handled ? 'secondary' : 'primary'}
          size="sm"
          disabled={mark.isPending}
          aria-label={`${message.handled ? t('reopen') : t('markHandled')}: ${message.name}`}
          onClick={() => mark.mutate({ id: message.id, handled: !message.handled })}
        >
          {message.handled ? t('reopen') : t('markHandled')}
        </Button>
        {mark.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('markFailed')}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** `/admin/contact-messages`: messages from the public site's contact form; mark them handled. */
export function ContactMessagesView() {
  const { t } = useTranslation(['contactMessages', 'nav']);
  const query = useContactMessages();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('nav:routes.adminContactMessages')} description={t('description')} />
      {query.isPending ? (
        <div aria-busy="true" className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          {t('loadFailed')}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : query.data.items.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.items.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
    </div>
  );
}
