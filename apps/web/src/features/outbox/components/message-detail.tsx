import { RotateCw, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError, NetworkError } from '../../../lib/api-client';
import { useOutboxMessage } from '../api/get-outbox-message';
import { useRetryOutboxMessage } from '../api/retry-outbox-message';
import { canRetry, templateKey, waitsForProvider } from '../lib/messages';
import { StatusBadge } from './status-badge';

function errorMessage(error: unknown, fallback: string, network: string) {
  if (error instanceof NetworkError) return network;
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return fallback;
}

/** One message as it is (or was) sent, with its state and a retry button. */
export function MessageDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('outbox');
  const format = useFormatters();
  const query = useOutboxMessage(id);
  const retry = useRetryOutboxMessage();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  const onRetry = () =>
    retry.mutate(id, {
      onSuccess: () => toast.success(t('retry.done')),
      onError: (error) => toast.error(errorMessage(error, t('retry.failed'), t('errors.network'))),
    });

  const message = query.data?.message;
  const providers = query.data?.providers;

  return (
    <section
      aria-labelledby="outbox-detail-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="outbox-detail"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="outbox-detail-title"
          ref={heading}
          tabIndex={-1}
          className="min-w-0 text-lg font-semibold break-words text-slate-900 outline-none"
        >
          {message?.subject ?? t('detail.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('detail.close')}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>

      {query.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner size="sm" />
          {t('detail.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(query.error, t('errors.loadFailed'), t('errors.network'))}
        </Alert>
      ) : message ? (
        <>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t('fields.status')}</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-2">
                <StatusBadge status={message.status} />
                {waitsForProvider(message, providers) ? (
                  <span className="text-slate-700">{t('noProvider')}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.recipient')}</dt>
              <dd className="mt-1 break-all text-slate-900">
                {t(`channel.${message.channel}`)} · {message.recipient}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.attempts')}</dt>
              <dd className="mt-1 text-slate-900">
                {t('attemptsOf', { count: message.attempts, max: message.maxAttempts })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.nextAttempt')}</dt>
              <dd className="mt-1 text-slate-900">
                {message.nextAttemptAt ? format.dateTime(message.nextAttemptAt) : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.created')}</dt>
              <dd className="mt-1 text-slate-900">{format.dateTime(message.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.sent')}</dt>
              <dd className="mt-1 text-slate-900">
                {message.sentAt ? format.dateTime(message.sentAt) : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('fields.template')}</dt>
              <dd className="mt-1 text-slate-900">
                {t(templateKey(message.template), { defaultValue: message.template })} ·{' '}
                {message.language ? t(`language.${message.language}`) : t('language.both')}
              </dd>
            </div>
            {message.lastError ? (
              <div className="sm:col-span-2">
                <dt className="text-slate-600">{t('fields.lastError')}</dt>
                <dd className="mt-1 font-mono text-xs break-words text-red-800">
                  {message.lastError}
                </dd>
              </div>
            ) : null}
          </dl>

          <h3 id="outbox-detail-text" className="mt-6 text-sm font-medium text-slate-700">
            {t('detail.text')}
          </h3>
          {/* a long message scrolls: focusable so it can be scrolled with the keyboard */}
          <pre
            tabIndex={0}
            aria-labelledby="outbox-detail-text"
            className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900"
          >
            {message.text}
          </pre>

          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              onClick={onRetry}
              disabled={!canRetry(message) || retry.isPending}
              aria-busy={retry.isPending || undefined}
            >
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              {retry.isPending ? t('retry.pending') : t('retry.action')}
            </Button>
            {!canRetry(message) ? (
              <span className="text-sm text-slate-600">
                {message.status === 'sent' ? t('retry.notSent') : t('retry.notSending')}
              </span>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
