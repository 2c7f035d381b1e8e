import type { AccountSession } from '@painlab/shared/account';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../hooks/use-formatters';
import { toast } from '../../../lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

const ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: Monitor } as const;

function SessionRow({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const end = useEndSession();
  const Icon = ICONS[session.device.type];
  const { browser, os } = session.device;
  const name =
    browser && os
      ? t('settings.sessions.browserOn', { browser, os })
      : (browser ?? os ?? t('settings.sessions.unknownDevice'));
  return (
    <li
      className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0"
      data-testid="session"
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {name}
          {session.current ? <Badge>{t('settings.sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">
          {session.ipAddress
            ? t('settings.sessions.from', { address: session.ipAddress })
            : t('settings.sessions.unknownAddress')}
          {' · '}
          {t('settings.sessions.lastActive', { date: format.dateTime(session.lastActiveAt) })}
        </p>
        <p className="text-xs text-slate-500">
          {t('settings.sessions.signedIn', { date: format.dateTime(session.createdAt) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={end.isPending}
          aria-busy={end.isPending || undefined}
          aria-label={t('settings.sessions.endNamed', { name })}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(t('settings.sessions.ended', { name })),
              onError: () => toast.error(t('settings.sessions.endFailed')),
            })
          }
        >
          {t('settings.sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** /settings: where the account is signed in, and signing other devices out. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.sessions.title')}</CardTitle>
        <CardDescription>{t('settings.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span role="status" className="sr-only">
              {t('settings.sessions.loading')}
            </span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : sessions.isError ? (
          <Alert tone="error">{t('settings.sessions.loadFailed')}</Alert>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t('settings.sessions.title')}>
            {sessions.data.items.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="secondary"
            disabled={others === 0 || endOthers.isPending}
            aria-busy={endOthers.isPending || undefined}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  toast.success(t('settings.sessions.othersEnded', { count: ended })),
                onError: () => toast.error(t('settings.sessions.endFailed')),
              })
            }
          >
            {t('settings.sessions.endOthers')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
