import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@painlab/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useSignIn } from '../api/sign-in';
import { AuthErrorAlert } from './auth-error-alert';
import { translateFieldError } from './field-error';

/** Sign in with email and password (shared `signInSchema`). */
export function LoginForm({ onSuccess }: { onSuccess: () => void | Promise<void> }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn({ onSuccess });
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const emailError = translateFieldError(t, errors.email?.message);
  const passwordError = translateFieldError(t, errors.password?.message);
  const pending = signIn.isPending;

  return (
    <form
      noValidate
      aria-label={t('login.title')}
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        if (!pending) signIn.mutate(values);
      })}
    >
      <AuthErrorAlert error={signIn.error} />
      <FormField id="login-email" label={t('login.email')} error={emailError}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy('login-email', emailError)}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label={t('login.password')} error={passwordError}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('login-password', passwordError)}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
