import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { toast } from '../../../lib/toast';
import { AppShell } from '../../../components/layouts/app-shell';
import { InlineLoading } from '../../../components/layouts/loading-screen';
import { sidebarFor } from '../../../config/navigation';
import { getRoute, type RouteAccess } from '../../../config/routes';
import { useViewer } from '../../../features/auth/api/get-viewer';
import { EnrolNotice } from '../../../features/auth/components/enrol-notice';
import { IdleSignOut } from '../../../features/auth/components/idle-sign-out';
import { RouteGuard } from '../../../features/auth/components/route-guard';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { useEventStream } from '../../../hooks/use-event-stream';
import { useRouteId } from '../../../hooks/use-route-id';
import { errorContext, logger } from '../../../lib/logger';
import { usePublicConfig } from '../../../lib/public-config';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';

const SIGNED_IN: RouteAccess = { kind: 'authenticated' };
const MAX_TIMEOUT = 2_147_483_647;

function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { me, viewer } = useViewer();
  const { clinicName } = usePublicConfig();
  const { signOut, isPending } = useSignOut();
  const queryClient = useQueryClient();
  const groups = useMemo(() => (viewer ? sidebarFor(viewer) : []), [viewer]);
  // one realtime stream per page: new messages, receipts and notifications refresh what is shown
  useEventStream(!!me);

  // When the session ends (idle or absolute limit), ask again: the guard then sends the user to sign in.
  const expiresAt = me
    ? Math.min(Date.parse(me.session.expiresAt), Date.parse(me.session.absoluteExpiresAt))
    : NaN;
  useEffect(() => {
    if (Number.isNaN(expiresAt)) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY }),
      Math.min(Math.max(expiresAt - Date.now() + 1000, 1000), MAX_TIMEOUT),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, queryClient]);

  const onSignOut = () => {
    signOut().then(
      () => toast.success(t('toasts.signedOut')),
      (error: unknown) => {
        logger.error('Sign-out failed', { ...errorContext(error), source: 'sidebar' });
        toast.error(t('toasts.signOutFailed'));
      },
    );
  };

  return (
    <AppShell
      clinicName={clinicName}
      userName={me?.user.name ?? ''}
      role={viewer?.role ?? 'user'}
      aal={me?.mfa.aal}
      groups={groups}
      onSignOut={onSignOut}
      signingOut={isPending}
      headerExtra={me ? <NotificationBell /> : null}
    >
      <EnrolNotice />
      {children}
      <IdleSignOut />
    </AppShell>
  );
}

/** The signed-in area: authentication guard, the shell, then the matched route's own guard. */
export function Component() {
  const routeId = useRouteId();
  const access = routeId ? getRoute(routeId).access : SIGNED_IN;
  return (
    <RouteGuard access={SIGNED_IN}>
      <SignedInShell>
        <RouteGuard access={access} pending={<InlineLoading />}>
          <Outlet />
        </RouteGuard>
      </SignedInShell>
    </RouteGuard>
  );
}
