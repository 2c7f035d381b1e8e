import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { UsersView } from '../../../../features/users/components/users-view';
import { can } from '../../../../lib/authorization';

/** /admin/roles (users:edit). */
export function Component() {
  const { t } = useTranslation('nav');
  const { me } = useViewer();
  if (!me) return null;
  return (
    <UsersView
      title={t('routes.adminRoles')}
      viewerId={me.user.id}
      canInvite={can(me, 'users', 'create')}
    />
  );
}
