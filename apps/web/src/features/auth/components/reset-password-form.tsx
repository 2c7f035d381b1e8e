import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, passwordResetSchema } from '@painlab/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { AuthError } from '../api/auth-error';
import { useResetPassword } from '../api/password-reset';
import { AuthErrorAlert } from './auth-error-alert';
import { translateFieldError } from './field-error';

/**
 * Step 2 of password recovery: the new password, twice, with the token of the e-mailed link. A used
 * or expired link says so and offers a new one; a password the policy refuses says why.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword(token);
  const form = useForm({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const passwordError = translateFieldError(t, errors.password?.message);
  const confirmError = translateFieldError(t, errors.confirmPassword?.message);
  const hint = t('register.passwordHint', { min: PASSWORD_MIN });
  const linkUnusable = reset.error instanceof AuthError && reset.error.code === 'INVALID_TOKEN';

  return (
    <form
      noValidate
      aria-label={t('reset.title')}
      className="flex flex-col gap-5"
      onSubmit={(event) =>
        void form.handleSubmit(({ password }) => {
          if (reset.isPending) return;
          reset.mutate(password, { onSuccess: onDone });
        })(event)
      }
    >
      {linkUnusable ? (
        <Alert tone="error">
          {t('reset.invalidLink')}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            {t('reset.requestNew')}
          </Link>
        </Alert>
      ) : (
        <AuthErrorAlert error={reset.error} />
      )}
      <FormField id="reset-password" label={t('reset.password')} error={passwordError} hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <FormField id="reset-confirm" label={t('reset.confirmPassword')} error={confirmError}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={reset.isPending}
        aria-busy={reset.isPending || undefined}
      >
        {reset.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}
