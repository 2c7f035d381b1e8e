import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { PageLoading } from '../../../components/layouts/loading-screen';
import { errorContext, logger } from '../../../lib/logger';

/** The path this document was loaded at (see `SitePageRedirect`). */
const LOADED_AT = window.location.pathname;

/**
 * A public page the server renders (the home page, services, blog, specialists, testimonials,
 * contact: docs/decisions/0017). The web app never renders these itself: a link to one from inside
 * the app leaves for the server's page with a full navigation. If this document is itself the app's
 * shell served at that path, the site pages are missing: going there again would loop.
 */
export function SitePageRedirect() {
  const { pathname, search, hash } = useLocation();
  const missing = LOADED_AT === pathname;
  const href = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (missing) {
      logger.error('The public site page is not served', errorContext(new Error(href)));
      return;
    }
    window.location.assign(href);
  }, [href, missing]);
  return missing ? <NotFound /> : <PageLoading />;
}
