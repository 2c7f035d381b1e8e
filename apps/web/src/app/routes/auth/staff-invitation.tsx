import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { AcceptInvitationForm } from '../../../features/users/components/accept-invitation-form';
import { readLinkToken } from '../../../lib/link-token';

/**
 * /invitation#<token>: the page a staff invitation's e-mailed link opens (ADR 0031). Open to anyone
 * holding the link; the token is read from the fragment and removed from the address bar. Accepted, the new account is signed in and lands on the dashboard (a full load:
 * the app starts again with the new session).
 */
export function Component() {
  const { t } = useTranslation('users');
  const [token] = useState(readLinkToken);
  const done = (signedIn: boolean) => window.location.assign(signedIn ? '/dashboard' : '/login');
  return (
    <AuthLayout title={t('invitations.accept.title')} subtitle={t('invitations.accept.subtitle')}>
      {token ? (
        <AcceptInvitationForm token={token} onDone={done} />
      ) : (
        <Alert tone="error">
          {t('invitations.accept.missingToken')}{' '}
          <Link to="/login" className="font-medium underline">
            {t('invitations.accept.signIn')}
          </Link>
        </Alert>
      )}
    </AuthLayout>
  );
}
