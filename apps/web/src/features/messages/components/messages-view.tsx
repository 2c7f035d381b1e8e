import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MESSAGE_LIMITS,
  type Message,
  type ThreadSummary,
} from '@painlab/shared/messages';
import { isApiError } from '../../../lib/api-client';
import { AlertTriangle, ArrowLeft, ChevronRight, MessageSquarePlus, Paperclip } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import {
  attachmentHref,
  useMarkRead,
  usePostMessage,
  useSendAttachment,
  useQuickReplies,
  useThread,
  useThreads,
} from '../api/messages';
import { useWhen } from '../lib/when';
import { NewThreadForm } from './new-thread-form';
import { UrgentField } from './urgent-field';

/**
 * /messages: the viewer's threads (unread first in the eye: a badge and bold), and the open thread
 * (`?thread=<id>`) with its messages, read receipts and a reply box. On a phone one of the two at a
 * time; on a desktop side by side.
 */
export function MessagesView({
  staff,
  userId,
}: {
  staff: boolean;
  clinician: boolean;
  userId: string;
}) {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const current = params.get('thread');
  const composing = params.get('new') === '1';
  const threads = useThreads();
  const items = threads.data?.items ?? [];

  const open = (q: Record<string, string>) => setParams(q);
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={staff ? t('staffDescription') : t('patientDescription')}
        actions={
          composing ? null : (
            <Button onClick={() => open({ new: '1' })}>
              <MessageSquarePlus aria-hidden="true" className="mr-2 h-4 w-4" />
              {t('new.button')}
            </Button>
          )
        }
      />
      <div className="grid gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
        <section
          aria-labelledby="threads-heading"
          className={cn(current || composing ? 'hidden md:block' : 'block')}
        >
          <h2 id="threads-heading" className="sr-only">
            {t('list.heading')}
          </h2>
          {threads.isPending ? (
            <Loading label={t('list.loading')} />
          ) : threads.isError ? (
            <Alert tone="error">{t('list.error')}</Alert>
          ) : items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-600">
              {t('list.empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
              {items.map((thread) => (
                <ThreadRow
                  key={thread.id}
                  thread={thread}
                  userId={userId}
                  selected={thread.id === current}
                />
              ))}
            </ul>
          )}
        </section>
        <section className={cn(current || composing ? 'block' : 'hidden md:block', 'min-w-0')}>
          {composing ? (
            <NewThreadForm
              staff={staff}
              onCancel={() => open({})}
              onCreated={(id) => open({ thread: id })}
            />
          ) : current ? (
            <ThreadView key={current} id={current} staff={staff} />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-600">
              {t('thread.pick')}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function others(thread: ThreadSummary, userId: string) {
  return thread.participants
    .filter((p) => p.id !== userId)
    .map((p) => p.name)
    .join(', ');
}

function ThreadRow({
  thread,
  userId,
  selected,
}: {
  thread: ThreadSummary;
  userId: string;
  selected: boolean;
}) {
  const { t } = useTranslation('messages');
  const when = useWhen();
  const unread = thread.unread > 0;
  return (
    <li>
      <Link
        to={`?thread=${thread.id}`}
        aria-current={selected ? 'page' : undefined}
        data-testid="thread-row"
        className={cn(
          'flex items-center gap-3 px-4 py-3 hover:bg-teal-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600',
          selected && 'bg-teal-50',
        )}
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <span
              className={cn(
                'truncate text-sm',
                unread ? 'font-semibold text-slate-900' : 'text-slate-800',
              )}
            >
              {thread.subject}
            </span>
            {thread.urgentUnread ? (
              <span className="shrink-0 rounded bg-red-100 px-1.5 text-xs font-medium text-red-800">
                {t('urgent.badge')}
              </span>
            ) : null}
          </div>
          <p className="truncate text-xs text-slate-600">
            {thread.patient ? `${thread.patient.name} · ` : ''}
            {others(thread, userId) || t('list.onlyYou')}
          </p>
          <p className="text-xs text-slate-500">{when(thread.lastMessageAt)}</p>
        </div>
        {unread ? (
          <span
            className="shrink-0 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white"
            data-testid="unread-badge"
          >
            <span aria-hidden="true">{thread.unread}</span>
            <span className="sr-only">{t('list.unread', { count: thread.unread })}</span>
          </span>
        ) : null}
        <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

function ThreadView({ id, staff }: { id: string; staff: boolean }) {
  const { t } = useTranslation('messages');
  const thread = useThread(id);
  const markRead = useMarkRead(id);
  const listRef = useRef<HTMLOListElement>(null);
  const unread = thread.data?.unread ?? 0;
  const count = thread.data?.messages.length ?? 0;

  // Opening a thread (or a new message arriving in the open one) marks it read.
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0 && document.visibilityState === 'visible') mutate();
  }, [unread, count, mutate]);
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (thread.isPending) return <Loading label={t('thread.loading')} />;
  if (thread.isError)
    return (
      <Alert tone="error">
        {t('thread.error')}{' '}
        <Link to="/messages" className="underline">
          {t('thread.back')}
        </Link>
      </Alert>
    );
  const data = thread.data;
  return (
    <article
      aria-labelledby="thread-subject"
      className="flex flex-col rounded-lg border border-slate-200 bg-white"
    >
      <header className="border-b border-slate-200 px-4 py-3">
        <Link
          to="/messages"
          className="mb-2 inline-flex items-center gap-1 text-sm text-teal-800 hover:underline md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('thread.back')}
        </Link>
        <h2 id="thread-subject" className="text-lg font-semibold text-slate-900">
          {data.subject}
        </h2>
        <p className="text-sm text-slate-600">
          {data.patient ? t('thread.about', { name: data.patient.name }) + ' · ' : ''}
          {t('thread.with', { names: data.participants.map((p) => p.name).join(', ') })}
        </p>
      </header>
      <ol ref={listRef} className="flex flex-col gap-3 p-4" aria-label={t('thread.messages')}>
        {data.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      <ReplyBox id={id} staff={staff} />
    </article>
  );
}

function MessageItem({ message }: { message: Message }) {
  const { t } = useTranslation('messages');
  const when = useWhen();
  return (
    <li
      className={cn('flex flex-col', message.mine ? 'items-end' : 'items-start')}
      data-testid="message"
    >
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap',
          message.mine ? 'bg-teal-700 text-white' : 'border border-slate-200 bg-slate-50',
          message.urgent && 'ring-2 ring-red-600',
        )}
      >
        {message.urgent ? (
          <p
            className={cn(
              'mb-1 flex items-center gap-1 text-xs font-semibold',
              message.mine ? 'text-white' : 'text-red-800',
            )}
          >
            <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
            {t('urgent.badge')}
          </p>
        ) : null}
        {message.attachment ? (
          <a
            href={attachmentHref(message.attachment.id)}
            download={message.attachment.name}
            className={cn(
              'inline-flex items-center gap-1 underline',
              message.mine ? 'text-white' : 'text-teal-900',
            )}
          >
            <Paperclip aria-hidden="true" className="h-4 w-4" />
            {t('attach.download', {
              name: message.attachment.name,
              size: Math.max(1, Math.round(message.attachment.size / 1024)),
            })}
          </a>
        ) : (
          message.body
        )}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {message.mine ? t('thread.you') : (message.author?.name ?? t('thread.removed'))} ·{' '}
        {when(message.createdAt)}
      </p>
      {message.mine ? (
        <p className="text-xs text-slate-600" data-testid="receipt">
          {message.readBy.length
            ? message.readBy
                .map((r) => t('thread.seenBy', { name: r.name, when: when(r.readAt) }))
                .join(' · ')
            : t('thread.notSeen')}
        </p>
      ) : null}
    </li>
  );
}

function ReplyBox({ id, staff }: { id: string; staff: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const post = usePostMessage(id);
  const quick = useQuickReplies(i18n.resolvedLanguage ?? 'en', staff);
  const [body, setBody] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = body.length > MESSAGE_LIMITS.body;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim() || tooLong) {
      setError(tooLong ? t('errors.tooLong') : t('errors.bodyRequired'));
      return;
    }
    setError(null);
    post.mutate(
      { body, urgent },
      {
        onSuccess: () => {
          setBody('');
          setUrgent(false);
        },
        onError: () => toast.error(t('errors.sendFailed')),
      },
    );
  }
  const quickReplies = useMemo(() => quick.data?.items ?? [], [quick.data]);
  return (
    <form onSubmit={submit} className="border-t border-slate-200 p-4" noValidate>
      <label htmlFor="reply" className="mb-1 block text-sm font-medium text-slate-800">
        {t('reply.label')}
      </label>
      {staff && quickReplies.length ? (
        <div className="mb-2 flex flex-wrap gap-1" role="group" aria-label={t('reply.quick')}>
          {quickReplies.map((q) => (
            <Button
              key={q.id}
              size="sm"
              variant="secondary"
              title={q.text}
              onClick={() => setBody((b) => (b ? `${b}\n${q.text}` : q.text))}
            >
              {t(`quick.${q.id}` as 'quick.received')}
            </Button>
          ))}
        </div>
      ) : null}
      <Textarea
        id="reply"
        value={body}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reply-error' : undefined}
      />
      {error ? (
        <p id="reply-error" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <UrgentField id="reply-urgent" checked={urgent} onChange={setUrgent} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <AttachButton id={id} />
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? t('reply.sending') : t('reply.send')}
        </Button>
      </div>
    </form>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner size="sm" />
      {label}
    </p>
  );
}

/** Sends a file (PDF, PNG, JPEG, up to 5 MB) as a message; the server checks what it really is. */
function AttachButton({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  const send = useSendAttachment(id);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label
        htmlFor="attach-file"
        className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-teal-600"
      >
        <Paperclip aria-hidden="true" className="h-4 w-4" />
        {send.isPending ? t('attach.sending') : t('attach.label')}
      </label>
      <input
        id="attach-file"
        type="file"
        className="sr-only"
        accept={ATTACHMENT_TYPES.join(',')}
        aria-describedby="attach-hint"
        disabled={send.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > ATTACHMENT_MAX_BYTES) {
            setError(t('attach.tooLarge'));
            return;
          }
          setError(null);
          send.mutate(file, {
            onError: (err) => {
              const code = isApiError(err) ? err.details?.[0]?.message : undefined;
              const text = isApiError(err, 413)
                ? t('attach.tooLarge')
                : isApiError(err, 415) || code === 'file_type_mismatch'
                  ? t('attach.wrongType')
                  : code === 'file_name_refused'
                    ? t('attach.badName')
                    : t('errors.sendFailed');
              setError(text);
              toast.error(text);
            },
          });
        }}
      />
      <p id="attach-hint" className="mt-1 text-xs text-slate-600">
        {t('attach.hint')}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
