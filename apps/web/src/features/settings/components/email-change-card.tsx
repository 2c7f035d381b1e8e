/**
 * Changing the sign-in e-mail address (docs/auth.md): the new address and the current password;
 * the server sends a link to the new address and tells the current one. The address changes only
 * when the link is opened in a browser signed in to this account; coming back from it, the page
 * says whether the change was made or what to do (`?email=changed|sign-in`). It also says whether
 * the address is confirmed, and sends the confirmation link again (ADR 0042; `?email=verified`).
 * An account made with a phone number has no address yet (ADR 0043): the card adds one instead.
 */
import { isPlaceholderEmail } from '@painlab/shared/account';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError, NetworkError } from '../../../lib/api-client';
import { useMyEmail, useRequestEmailChange, useSendEmailConfirmation } from '../api/email-change';

/** Whether the address is confirmed, and a button that sends the link again while it is not. */
function Confirmation() {
  const { t } = useTranslation();
  const mine = useMyEmail();
  const send = useSendEmailConfirmation();
  if (!mine.data?.email) return null;
  if (mine.data.confirmed)
    return (
      <p className="text-sm text-slate-700" data-testid="email-confirmed">
        {t('settings.emailChange.confirmed')}
      </p>
    );
  return (
    <div className="flex flex-col gap-2" data-testid="email-unconfirmed">
      <Alert tone="warning">{t('settings.emailChange.unconfirmed')}</Alert>
      {send.isSuccess ? (
        <Alert tone="info">
          {t('settings.emailChange.confirmationSent', { email: mine.data.email })}
        </Alert>
      ) : null}
      {send.isError ? <Alert tone="error">{t('settings.emailChange.failed')}</Alert> : null}
      <div>
        <Button
          type="button"
          variant="secondary"
          disabled={send.isPending || send.isSuccess}
          onClick={() => send.mutate()}
        >
          {t('settings.emailChange.sendConfirmation')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What the link's return to /settings says, read once from the address: better-auth adds `error`
 * (an expired or invalid link) to the same return address, so an error wins over `changed`.
 */
function returned(): 'changed' | 'verified' | 'sign-in' | 'taken' | 'failed' | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  const value = params.get('email');
  if (value === null) return null;
  if (params.has('error')) return 'failed';
  return value === 'changed' || value === 'verified' || value === 'sign-in' || value === 'taken'
    ? value
    : null;
}

export function EmailChangeCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const mine = useMyEmail();
  // an account made with a phone number has no address yet: one is added, not changed (ADR 0043)
  const none = isPlaceholderEmail(email) || mine.data?.email === null;
  const request = useRequestEmailChange();
  const message = useFieldMessage();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [back] = useState(returned);
  const titleId = useId();
  const issues = isApiError(request.error, 400) ? (request.error.details ?? []) : [];
  const fieldError = (path: string) => message(issues.find((i) => i.path === path)?.message);
  const other =
    request.error && !isApiError(request.error, 400)
      ? request.error instanceof NetworkError
        ? t('settings.emailChange.network')
        : request.error instanceof Error
          ? request.error.message
          : t('settings.emailChange.failed')
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      { newEmail, password },
      {
        onSuccess: () => {
          setSentTo(newEmail.trim());
          setNewEmail('');
          setPassword('');
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>
          {none ? t('settings.emailChange.addTitle') : t('settings.emailChange.title')}
        </CardTitle>
        <CardDescription data-testid="email-description">
          {none
            ? t('settings.emailChange.noAddress')
            : t('settings.emailChange.description', { email })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {back === 'changed' ? (
          <Alert tone="success">{t('settings.emailChange.changed', { email })}</Alert>
        ) : null}
        {back === 'verified' ? (
          <Alert tone="success">{t('settings.emailChange.verified', { email })}</Alert>
        ) : null}
        <Confirmation />
        {back === 'sign-in' ? (
          <Alert tone="warning">{t('settings.emailChange.signInFirst')}</Alert>
        ) : null}
        {back === 'taken' ? <Alert tone="error">{t('settings.emailChange.taken')}</Alert> : null}
        {back === 'failed' ? (
          <Alert tone="error">{t('settings.emailChange.linkFailed')}</Alert>
        ) : null}
        {sentTo ? (
          <Alert tone="info" data-testid="email-change-sent">
            {none
              ? t('settings.emailChange.addSent', { email: sentTo })
              : t('settings.emailChange.sent', { email: sentTo })}
          </Alert>
        ) : null}
        <form
          aria-labelledby={titleId}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={submit}
        >
          <FormField
            id={`${titleId}-new`}
            label={none ? t('settings.emailChange.addEmail') : t('settings.emailChange.newEmail')}
            required
            error={fieldError('newEmail')}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={newEmail}
                maxLength={254}
                onChange={(e) => setNewEmail(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            id={`${titleId}-password`}
            label={t('settings.emailChange.password')}
            hint={t('settings.emailChange.passwordHint')}
            required
            error={fieldError('password')}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                maxLength={128}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          {other ? <Alert tone="error">{other}</Alert> : null}
          <div>
            <Button
              type="submit"
              disabled={request.isPending}
              aria-busy={request.isPending || undefined}
            >
              {request.isPending
                ? t('settings.emailChange.sending')
                : none
                  ? t('settings.emailChange.addSubmit')
                  : t('settings.emailChange.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
