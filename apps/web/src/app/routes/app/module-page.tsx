import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ModuleUnavailable } from '../../../components/layouts/module-unavailable';
import { useRouteId } from '../../../hooks/use-route-id';

/** A signed-in screen of a later issue: its real title, and that it is not yet available. */
export function Component() {
  const { t, i18n } = useTranslation('nav');
  const routeId = useRouteId() ?? 'dashboard';
  const { id } = useParams();
  const descriptionKey = `descriptions.${routeId}`;
  const description = i18n.exists(descriptionKey, { ns: 'nav' })
    ? t(descriptionKey as 'descriptions.myPlan')
    : undefined;
  return (
    <ModuleUnavailable title={t(`routes.${routeId}`)} description={description} recordId={id} />
  );
}
