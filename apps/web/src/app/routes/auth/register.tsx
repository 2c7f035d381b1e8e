import { isPlaceholderEmail } from '@painlab/shared/account';
import { safeReturnPath } from '@painlab/shared/return-path';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { InlineLoading } from '../../../components/layouts/loading-screen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoiceToggle } from '../../../components/ui/choice-toggle';
import { viewerQueryOptions, useViewer } from '../../../features/auth/api/get-viewer';
import { PhoneRegisterForm } from '../../../features/auth/components/phone-register-form';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { RouteGuard } from '../../../features/auth/components/route-guard';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { leaveLoginNotice } from '../../../site/handoff';
import { useClaimInvite } from '../../../features/portal/api/claim-invite';
import { isApiError } from '../../../lib/api-client';
import { errorContext, logger } from '../../../lib/logger';
import { usePublicConfig } from '../../../lib/public-config';

/** Navigation state `{ from }` for a `?redirect=` path of this site. */
function fromRedirect(value: string | null) {
  const path = safeReturnPath(value);
  if (!path) return null;
  const url = new URL(path, window.location.origin);
  return { from: { pathname: url.pathname, search: url.search, hash: url.hash } };
}

/** With an e-mail address (the default) or with a phone number (ADR 0043). */
function RegisterChoice({
  onSuccess,
}: {
  onSuccess: (result: { signedIn: boolean }) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [codeStep, setCodeStep] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      {codeStep ? null : (
        <ChoiceToggle
          legend={t('register.method.legend')}
          name="register-method"
          value={method}
          options={[
            { value: 'email', label: t('register.method.email'), icon: Mail },
            { value: 'phone', label: t('register.method.phone'), icon: Smartphone },
          ]}
          onChange={setMethod}
          wide
        />
      )}
      {method === 'email' ? (
        <RegisterForm onSuccess={onSuccess} />
      ) : (
        <PhoneRegisterForm onSuccess={onSuccess} onCodeStep={setCodeStep} />
      )}
    </div>
  );
}

/** /register: self-registration, when the clinic has it open. */
function PlainRegistration() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { registrationOpen } = usePublicConfig();
  // The sign-in page (a site page) links here with `?redirect=`; the web app's links pass `state`.
  const loginState = location.state ?? fromRedirect(search.get('redirect'));

  const onSuccess = async ({ signedIn }: { signedIn: boolean }) => {
    if (signedIn) {
      const me = await queryClient
        .fetchQuery({ ...viewerQueryOptions, staleTime: 0 })
        .catch(() => null);
      if (me) {
        toast.success(t('register.createdSignedIn'));
        return;
      }
    }
    // the sign-in page shows it (a toast would not survive its full page load)
    leaveLoginNotice('registered');
    void navigate('/login', { state: loginState });
  };

  return (
    <RouteGuard access={{ kind: 'guest' }}>
      <AuthLayout
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        footer={
          <>
            {t('register.haveAccount')}{' '}
            <Link
              to="/login"
              state={loginState}
              className="font-medium text-teal-800 hover:underline"
            >
              {t('register.loginLink')}
            </Link>
          </>
        }
      >
        {registrationOpen === false ? (
          <Alert tone="info">{t('register.closed')}</Alert>
        ) : (
          <RegisterChoice onSuccess={onSuccess} />
        )}
      </AuthLayout>
    </RouteGuard>
  );
}

/**
 * /register?invite=<token>: the link a clinic sends a patient. A visitor creates an account and the
 * record is linked right after; a signed-in patient links it with one click (never silently: the
 * account shown may not be the patient's). Signing in first comes back here with the token.
 */
function InviteRegistration({ token }: { token: string }) {
  const { t } = useTranslation(['portal', 'auth', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { isPending, me } = useViewer();
  const claim = useClaimInvite();
  const { signOut, isPending: signingOut } = useSignOut();
  // After signing in, /login sends the visitor back here (token included).
  const here = { from: { pathname: location.pathname, search: location.search, hash: '' } };

  const link = () =>
    claim.mutate(token, {
      onSuccess: () => {
        toast.success(t('claim.linked'));
        void navigate('/my-record', { replace: true });
      },
    });

  const onSignedUp = async ({ signedIn }: { signedIn: boolean }) => {
    if (signedIn) {
      const viewer = await queryClient
        .fetchQuery({ ...viewerQueryOptions, staleTime: 0 })
        .catch(() => null);
      if (viewer) {
        toast.success(t('auth:register.createdSignedIn'));
        link();
        return;
      }
    }
    leaveLoginNotice('registered');
    void navigate('/login', { state: here });
  };

  const switchAccount = () => {
    signOut().then(
      () => void navigate(`${location.pathname}${location.search}`, { replace: true }),
      (error: unknown) => {
        logger.error('Sign-out failed', { ...errorContext(error), source: 'invite' });
        toast.error(t('common:toasts.signOutFailed'));
      },
    );
  };

  const claimError = claim.error
    ? isApiError(claim.error, 409)
      ? t('claim.conflict')
      : isApiError(claim.error, 404)
        ? t('claim.notFound')
        : t('claim.failed', { message: claim.error.message })
    : null;

  return (
    <AuthLayout
      title={me ? t('claim.signedInTitle') : t('claim.inviteTitle')}
      subtitle={me ? '' : t('claim.inviteSubtitle')}
      footer={
        me ? undefined : (
          <>
            {t('claim.haveAccount')}{' '}
            <Link to="/login" state={here} className="font-medium text-teal-800 hover:underline">
              {t('claim.signInLink')}
            </Link>
          </>
        )
      }
    >
      {claimError ? (
        <Alert tone="error" className="mb-5">
          {claimError}
        </Alert>
      ) : null}
      {isPending ? (
        <InlineLoading />
      ) : me ? (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-slate-700">
            {isPlaceholderEmail(me.user.email)
              ? t('claim.signedInAsName', { name: me.user.name })
              : t('claim.signedInAs', { name: me.user.name, email: me.user.email })}
          </p>
          <Button
            size="lg"
            onClick={link}
            disabled={claim.isPending || signingOut}
            aria-busy={claim.isPending || undefined}
          >
            {claim.isPending ? t('claim.linking') : t('claim.link')}
          </Button>
          <Button
            variant="link"
            onClick={switchAccount}
            disabled={claim.isPending || signingOut}
            className="self-center"
          >
            {signingOut ? t('claim.signingOut') : t('claim.notYou')}
          </Button>
        </div>
      ) : (
        // an invitation opens sign-up even while registration is closed (the server checks the token)
        <RegisterForm onSuccess={onSignedUp} inviteToken={token} />
      )}
    </AuthLayout>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return invite ? <InviteRegistration token={invite} /> : <PlainRegistration />;
}
