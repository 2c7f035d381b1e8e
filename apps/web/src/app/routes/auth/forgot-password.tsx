import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { RouteGuard } from '../../../features/auth/components/route-guard';
import { usePublicConfig } from '../../../lib/public-config';

/** /forgot-password: ask for a link to choose a new password (linked from the sign-in page). */
export function Component() {
  const { t } = useTranslation('auth');
  const { emailDelivery } = usePublicConfig();
  return (
    <RouteGuard access={{ kind: 'guest' }}>
      <AuthLayout
        title={t('forgot.title')}
        subtitle={t('forgot.subtitle')}
        footer={
          <a href="/login" className="font-medium text-teal-800 hover:underline">
            {t('forgot.backToLogin')}
          </a>
        }
      >
        <ForgotPasswordForm emailDelivery={emailDelivery} />
      </AuthLayout>
    </RouteGuard>
  );
}
