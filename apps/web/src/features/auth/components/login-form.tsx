import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useSignIn } from '../api/sign-in';
import { signInResolver } from '../lib/sign-in-check';
import { AuthErrorAlert } from './auth-error-alert';

/**
 * Sign in with email and password (`signInSchema`'s rules, checked without zod to keep zod off the first screen). A server refusal ("Invalid email or
 * password") is shown until the user edits a field or tries again, so it never sits beside a newer
 * client-side message.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void | Promise<void> }) {
  const { t } = useTranslation('auth');
  const message = useFieldMessage();
  const signIn = useSignIn({ onSuccess });
  const form = useForm({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  const pending = signIn.isPending;
  const clearServerError = () => {
    if (signIn.isError) signIn.reset();
  };

  return (
    <form
      noValidate
      aria-label={t('login.title')}
      className="flex flex-col gap-5"
      onChange={clearServerError}
      onSubmit={(event) => {
        clearServerError();
        void form.handleSubmit((values) => {
          if (!pending) signIn.mutate(values);
        })(event);
      }}
    >
      <AuthErrorAlert error={signIn.error} />
      <FormField id="login-email" label={t('login.email')} error={emailError}>
        {(control) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...control}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={passwordError}>
        {(control) => (
          <Input
            type="password"
            autoComplete="current-password"
            {...control}
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
