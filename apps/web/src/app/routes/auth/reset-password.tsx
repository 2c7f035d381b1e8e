import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { leaveLoginNotice } from '../../../site/handoff';

/**
 * /reset-password?token=…: the page the e-mailed link opens. Open to anyone holding the link (also
 * signed in: the reset ends every session). Done, it goes to the sign-in page, which says so.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const done = () => {
    leaveLoginNotice('passwordReset');
    // a full load: every session of the account has just ended, this tab's included
    window.location.assign('/login');
  };
  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {token ? (
        <ResetPasswordForm token={token} onDone={done} />
      ) : (
        <Alert tone="error">
          {t('reset.missingToken')}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            {t('reset.requestNew')}
          </Link>
        </Alert>
      )}
    </AuthLayout>
  );
}
