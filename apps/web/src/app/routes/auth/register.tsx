import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { viewerQueryOptions } from '../../../features/auth/api/get-viewer';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { RouteGuard } from '../../../features/auth/components/route-guard';
import { usePublicConfig } from '../../../lib/public-config';

/** /register: self-registration, when the clinic has it open. */
export function Component() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { registrationOpen } = usePublicConfig();

  const onSuccess = async ({ signedIn }: { signedIn: boolean }) => {
    if (signedIn) {
      const me = await queryClient.fetchQuery({ ...viewerQueryOptions, staleTime: 0 }).catch(() => null);
      if (me) {
        toast.success(t('register.createdSignedIn'));
        return;
      }
    }
    toast.success(t('register.created'));
    void navigate('/login', { state: location.state });
  };

  return (
    <RouteGuard access={{ kind: 'guest' }}>
      <AuthLayout
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        footer={
          <>
            {t('register.haveAccount')}{' '}
            <Link to="/login" state={location.state} className="font-medium text-teal-800 hover:underline">
              {t('register.loginLink')}
            </Link>
          </>
        }
      >
        {registrationOpen === false ? <Alert tone="info">{t('register.closed')}</Alert> : <RegisterForm onSuccess={onSuccess} />}
      </AuthLayout>
    </RouteGuard>
  );
}
