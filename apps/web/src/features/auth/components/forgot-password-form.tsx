import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@painlab/shared/auth';
import { RESET_LINK_MINUTES } from '@painlab/shared/auth-limits';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthErrorAlert } from './auth-error-alert';
import { translateFieldError } from './field-error';

/**
 * Step 1 of password recovery: the account's e-mail. The answer is the same whether or not the
 * address has an account; with no mail server, it says the message waits in the Outbox.
 */
export function ForgotPasswordForm({ emailDelivery }: { emailDelivery?: 'smtp' | 'outbox' }) {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const emailError = translateFieldError(t, form.formState.errors.email?.message);

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">
          {t('forgot.sent', { email: sentTo, minutes: RESET_LINK_MINUTES })}
        </Alert>
        {emailDelivery === 'outbox' ? <Alert tone="info">{t('forgot.outboxNote')}</Alert> : null}
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('forgot.title')}
      className="flex flex-col gap-5"
      onSubmit={(event) =>
        void form.handleSubmit(({ email }) => {
          if (request.isPending) return;
          request.mutate(email, { onSuccess: () => setSentTo(email) });
        })(event)
      }
    >
      <AuthErrorAlert error={request.error} />
      <FormField id="forgot-email" label={t('forgot.email')} error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={request.isPending}
        aria-busy={request.isPending || undefined}
      >
        {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
