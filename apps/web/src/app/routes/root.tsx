import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useRouteId } from '../../hooks/use-route-id';

/** The root route: page title from the matched route, scroll restoration. */
export function RootLayout() {
  const { t } = useTranslation('nav');
  const routeId = useRouteId();
  useDocumentTitle(
    routeId && routeId !== 'home' && routeId !== 'index' ? t(`routes.${routeId}`) : undefined,
  );
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
