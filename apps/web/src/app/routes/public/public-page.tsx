import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../features/public-site/components/coming-soon';
import { useRouteId } from '../../../hooks/use-route-id';

/** Public pages whose content is not published yet. */
export function PublicPageRoute() {
  const { t } = useTranslation('nav');
  const routeId = useRouteId() ?? 'home';
  return <ComingSoon title={t(`routes.${routeId}`)} />;
}
