import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { viewerQueryOptions } from '../../../features/auth/api/get-viewer';
import { LoginForm } from '../../../features/auth/components/login-form';
import { returnTarget, RouteGuard } from '../../../features/auth/components/route-guard';

/** /login: after sign-in, back to where the visitor came from (navigation state) or the dashboard. */
export function Component() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const onSuccess = async () => {
    // Learn who signed in; the guest guard of this page then redirects.
    const me = await queryClient
      .fetchQuery({ ...viewerQueryOptions, staleTime: 0 })
      .catch(() => null);
    toast.success(tCommon('toasts.signedIn'));
    if (!me) void navigate(returnTarget(location.state), { replace: true });
  };

  return (
    <RouteGuard access={{ kind: 'guest' }}>
      <AuthLayout
        title={t('login.title')}
        subtitle={t('login.subtitle')}
        footer={
          <>
            {t('login.noAccount')}{' '}
            <Link
              to="/register"
              state={location.state}
              className="font-medium text-teal-800 hover:underline"
            >
              {t('login.registerLink')}
            </Link>
          </>
        }
      >
        <LoginForm onSuccess={onSuccess} />
      </AuthLayout>
    </RouteGuard>
  );
}
