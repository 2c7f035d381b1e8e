import type { Notification } from '@painlab/shared/messages';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { cn } from '../../../lib/utils';
import { useMarkNotificationRead, useNotifications } from '../api/notifications';

/** /notifications: what happened, newest first, each a link to the thing; mark read, mark all read. */
export function NotificationsView() {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const mark = useMarkNotificationRead();
  const items = list.data?.items ?? [];
  const unread = items.filter((n) => !n.readAt).length;
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          unread ? (
            <Button
              variant="secondary"
              onClick={() => mark.mutate('all')}
              disabled={mark.isPending}
            >
              {t('markAll')}
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <Loading label={t('loading')} />
      ) : list.isError ? (
        <Alert tone="error">{t('error')}</Alert>
      ) : items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          {t('empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {items.map((n) => (
            <Item key={n.id} n={n} onRead={() => mark.mutate(n.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The words of a notice, in the app's language (notices carry no text of their own). */
function noticeText(n: Notification, t: TFunction<'notifications'>): string {
  switch (n.type) {
    case 'message':
      return t('types.message', { count: n.count, actor: n.actor ?? t('someone') });
    case 'task_due':
      return t('types.task_due');
    case 'task_assigned':
      return t('types.task_assigned', { actor: n.actor ?? t('theSystem') });
    // without an actor: a patient through a link (a reminder's cancel, a questionnaire's link)
    default:
      return t(`types.${n.type}`, { actor: n.actor ?? t('aPatient') });
  }
}

function Item({ n, onRead }: { n: Notification; onRead: () => void }) {
  const { t } = useTranslation('notifications');
  const { dateTime } = useFormatters();
  const text = noticeText(n, t);
  return (
    <li className={cn('flex items-center gap-3 px-4 py-3', !n.readAt && 'bg-teal-50/60')}>
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-teal-700')}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={n.link}
          onClick={() => (n.readAt ? undefined : onRead())}
          className={cn('text-sm text-teal-900 hover:underline', !n.readAt && 'font-semibold')}
        >
          {text}
        </Link>
        <p className="text-xs text-slate-600">
          {dateTime(n.createdAt)}
          {n.readAt ? '' : ` · ${t('unread')}`}
        </p>
      </div>
      {n.readAt ? null : (
        <Button size="sm" variant="ghost" onClick={onRead}>
          {t('markRead')}
        </Button>
      )}
    </li>
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
