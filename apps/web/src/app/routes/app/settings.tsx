import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../features/auth/api/get-viewer';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { SettingsView } from '../../../features/settings/components/settings-view';

export function Component() {
  const { t } = useTranslation('nav');
  const { me } = useViewer();
  if (!me) return null;
  return <SettingsView me={me} title={t('routes.settings')} password={<ChangePasswordForm />} />;
}
