import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxMessageSummary,
  type OutboxProviders,
} from '@painlab/shared/outbox';
import { Mail, MessageSquareText } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { KeysetList } from '../../../components/ui/keyset-list';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { useFormatters } from '../../../hooks/use-formatters';
import { useOutbox } from '../api/get-outbox';
import { filtersFromSearchParams } from '../lib/filters';
import { templateKey, waitsForProvider } from '../lib/messages';
import { MessageDetail } from './message-detail';
import { StatusBadge } from './status-badge';

/** `/admin/outbox`: every e-mail and SMS, filters by status and channel, a message's text, retry. */
export function OutboxView() {
  const { t } = useTranslation(['outbox', 'nav']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const selected = searchParams.get('message');
  const query = useOutbox(filters);
  const pages = query.data?.pages;
  const messages = useMemo(() => pages?.flatMap((p) => p.items), [pages]);
  const providers = pages?.[0]?.providers;

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: name !== 'message' },
      ),
    [setSearchParams],
  );
  const open = useCallback((id: string) => setParam('message', id), [setParam]);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('nav:routes.adminOutbox')} description={t('description')} />

      {providers && (!providers.email || !providers.sms) ? (
        <Alert tone="info" className="mb-4">
          {!providers.email && !providers.sms
            ? t('providers.none')
            : !providers.email
              ? t('providers.noEmail')
              : t('providers.noSms')}
        </Alert>
      ) : null}

      <div className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="sm:w-48">
          <Label htmlFor="outbox-status">{t('filters.status')}</Label>
          <Select
            id="outbox-status"
            className="mt-1"
            value={filters.status ?? ''}
            onChange={(e) => setParam('status', e.target.value || null)}
          >
            <option value="">{t('filters.all')}</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-48">
          <Label htmlFor="outbox-channel">{t('filters.channel')}</Label>
          <Select
            id="outbox-channel"
            className="mt-1"
            value={filters.channel ?? ''}
            onChange={(e) => setParam('channel', e.target.value || null)}
          >
            <option value="">{t('filters.all')}</option>
            {OUTBOX_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channel.${c}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        {selected ? (
          <div className="min-w-0 lg:sticky lg:top-4 lg:order-2">
            <MessageDetail id={selected} onClose={() => setParam('message', null)} />
          </div>
        ) : null}

        <div
          className={selected ? 'min-w-0 lg:order-1' : 'min-w-0 lg:col-span-2'}
          aria-busy={query.isFetching}
        >
          <KeysetList
            query={query}
            items={messages}
            filtered={Boolean(filters.status || filters.channel)}
            ns="outbox"
          >
            {(items) =>
              items.map((m) => (
                <MessageRow
                  key={m.id}
                  message={m}
                  providers={providers}
                  selected={m.id === selected}
                  onOpen={open}
                />
              ))
            }
          </KeysetList>
        </div>
      </div>
    </div>
  );
}

const MessageRow = memo(function MessageRow({
  message,
  providers,
  selected,
  onOpen,
}: {
  message: OutboxMessageSummary;
  providers: OutboxProviders | undefined;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('outbox');
  const format = useFormatters();
  const Icon = message.channel === 'email' ? Mail : MessageSquareText;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(message.id)}
        aria-current={selected || undefined}
        data-testid="outbox-row"
        className={
          'w-full rounded-xl border bg-white p-3 text-left shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 sm:p-4 ' +
          (selected ? 'border-teal-600 ring-1 ring-teal-600' : 'border-slate-200')
        }
      >
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={message.status} />
          <span className="inline-flex min-w-0 items-center gap-1 text-sm font-medium break-all text-slate-900">
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            <span className="sr-only">{t(`channel.${message.channel}`)}: </span>
            {message.recipient}
          </span>
        </span>
        <span className="mt-1 block truncate text-sm text-slate-700">
          {message.subject ?? t(templateKey(message.template), { defaultValue: message.template })}
        </span>
        <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>{format.dateTime(message.createdAt)}</span>
          <span>{t('attemptsOf', { count: message.attempts, max: message.maxAttempts })}</span>
          {waitsForProvider(message, providers) ? (
            <span className="font-medium text-amber-900">{t('noProvider')}</span>
          ) : message.nextAttemptAt && message.status !== 'queued' ? (
            <span>{t('nextAttemptAt', { when: format.dateTime(message.nextAttemptAt) })}</span>
          ) : null}
        </span>
        {message.lastError ? (
          <span className="mt-1 block truncate font-mono text-xs text-red-800">
            {message.lastError}
          </span>
        ) : null}
      </button>
    </li>
  );
});
