import { PASSWORD_MAX, PASSWORD_MIN } from '@painlab/shared/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';

/**
 * The invitee's side of a staff invitation (ADR 0031): who is invited as what, then their name and
 * password. A used, expired or revoked link says so (the server's translated message). Accepted, the
 * new account is signed in and `onDone(signedIn)` decides where to go.
 */
export function AcceptInvitationForm({
  token,
  onDone,
}: {
  token: string;
  onDone: (signedIn: boolean) => void;
}) {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});

  if (preview.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner size="sm" /> {t('invitations.accept.checking')}
      </p>
    );
  if (preview.isError) return <Alert tone="error">{preview.error.message}</Alert>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('invitations.accept.nameRequired');
    if (password.length < PASSWORD_MIN)
      next.password = t('invitations.accept.passwordShort', { min: PASSWORD_MIN });
    setErrors(next);
    if (next.name || next.password) return;
    accept.mutate(
      { token, name: name.trim(), password },
      { onSuccess: ({ signedIn }) => onDone(signedIn) },
    );
  };

  const { email, role, expiresAt } = preview.data;
  return (
    <form
      noValidate
      aria-label={t('invitations.accept.title')}
      className="flex flex-col gap-5"
      onSubmit={submit}
    >
      <p className="text-sm text-slate-700" data-testid="invitation-summary">
        {t('invitations.accept.invited', {
          email,
          role: t(`roles.${role}`),
          expires: format.date(expiresAt),
        })}
      </p>
      {accept.error ? <Alert tone="error">{accept.error.message}</Alert> : null}
      <FormField id="invite-name" label={t('invitations.accept.name')} required error={errors.name}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            maxLength={120}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id="invite-password"
        label={t('invitations.accept.password')}
        required
        error={errors.password}
        hint={t('invitations.accept.passwordHint', { min: PASSWORD_MIN })}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={accept.isPending}
        aria-busy={accept.isPending || undefined}
      >
        {accept.isPending ? t('invitations.accept.submitting') : t('invitations.accept.submit')}
      </Button>
    </form>
  );
}
