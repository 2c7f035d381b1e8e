import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router';
import { toast } from '../../../lib/toast';
import { LoadingScreen } from '../../../components/layouts/loading-screen';
import { decideAccess, type AccessDecision } from '../../../lib/authorization';
import { leaveLoginNotice } from '../../../site/handoff';
import type { RouteAccess } from '../../../config/routes';
import { ENROL_PATH, leaveForStepUp } from '../../../lib/step-up';
import { useViewer } from '../api/get-viewer';

/** Where a signed-in visitor of /login goes: back to where they came from, or the dashboard. */
export function returnTarget(state: unknown): Partial<Location> | string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (
    from &&
    typeof from.pathname === 'string' &&
    from.pathname.startsWith('/') &&
    !from.pathname.startsWith('/login')
  ) {
    return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
  }
  return '/dashboard';
}

type Denied = Exclude<AccessDecision, { allowed: true }>;

function GuardRedirect({ decision }: { decision: Denied }) {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    switch (decision.reason) {
      case 'unauthenticated':
        // The toast shows while the sign-in page loads; the page repeats the notice itself.
        toast.error(t('errors:guards.authRequired'), { id: 'guard-auth' });
        leaveLoginNotice('authRequired');
        void navigate('/login', { replace: true, state: { from: location } });
        break;
      case 'signed-in':
        void navigate(returnTarget(location.state), { replace: true });
        break;
      case 'role':
        toast.error(
          t('errors:guards.roleDenied', {
            roles: decision.roles.map((r) => t(`roles.${r}`)).join(', '),
          }),
          { id: 'guard-denied' },
        );
        void navigate(decision.redirectTo, { replace: true });
        break;
      case 'permission':
        toast.error(
          t('errors:guards.permissionDenied', {
            action: t(`permissionActions.${decision.action}`),
            resource: t(`resources.${decision.resource}`),
          }),
          { id: 'guard-denied' },
        );
        void navigate(decision.redirectTo, { replace: true });
        break;
    }
  }, [decision, location, navigate, t]);

  return null;
}

type RouteGuardProps = {
  access: RouteAccess;
  children: ReactNode;
  /** What to show while the first answer about the user is awaited. */
  pending?: ReactNode;
};

/**
 * Applies a route's guard (SPEC §2, §4). It waits for the first answer of the role lookup before
 * deciding; a failed lookup (not a 401) is thrown to the route's error screen.
 */
export function RouteGuard({ access, children, pending = <LoadingScreen /> }: RouteGuardProps) {
  const { isPending, error, viewer, me } = useViewer();
  const location = useLocation();
  if (access.kind === 'public') return children;
  if (isPending) return access.kind === 'guest' ? children : pending;
  if (error) {
    if (access.kind === 'guest') return children;
    throw error;
  }
  const decision = decideAccess(access, viewer);
  // the role needs a second factor this session has not used: the code step first (ADR 0025)
  if (decision.allowed && access.kind !== 'guest' && me?.mfa.stepUpNeeded) {
    leaveForStepUp();
    return pending;
  }
  // the role must enrol a factor and this account's time to do so is over: only /settings (ADR 0038)
  if (
    decision.allowed &&
    access.kind !== 'guest' &&
    me?.mfa.enrolmentNeeded &&
    location.pathname !== ENROL_PATH
  )
    return <Navigate to={`${ENROL_PATH}#two-step`} replace />;
  if (decision.allowed) return children;
  return <GuardRedirect decision={decision} />;
}
