import { safeReturnPath } from '@painlab/shared/return-path';
import { useEffect } from 'react';
import { useLocation, type Location } from 'react-router';
import { PageLoading } from '../../../components/layouts/loading-screen';
import { errorContext, logger } from '../../../lib/logger';
import { loginHref } from '../../../site/handoff';

/**
 * The path this document was loaded at. The web app's own shell served for exactly `/login` (the
 * path the server renders) means the site page is missing; `/Login/` and the like still go there.
 */
const LOADED_AT = window.location.pathname;

/**
 * Where the visitor came from (navigation state `from`, as the guards and /register set it), as a
 * path for `?redirect=`, or null for the dashboard. Kept here, not beside the guard: this route is in
 * the main bundle, the guard's module is not.
 */
function returnPathOf(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

/**
 * /login in the web app. The sign-in page is a site page the server renders (docs/decisions/0012),
 * so this route only leaves for it with a full document navigation, carrying where to return to
 * (navigation state `from`, as the guards and /register set it) as `?redirect=`.
 */
export function LoginRedirect() {
  const location = useLocation();
  const href = loginHref(returnPathOf(location.state));
  useEffect(() => {
    if (LOADED_AT === '/login') {
      // This document is the app's shell served for /login (no site renderer): going there again
      // would loop.
      logger.error('The sign-in page is not served', errorContext(new Error(href)));
      return;
    }
    window.location.replace(href);
  }, [href]);
  return <PageLoading />;
}
