import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, signUpSchema } from '@painlab/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useSignUp } from '../api/sign-up';
import { AuthErrorAlert } from './auth-error-alert';
import { translateFieldError } from './field-error';

/** Create an account (shared `signUpSchema`: name, email, password twice); `inviteToken` for a portal invitation. */
export function RegisterForm({
  onSuccess,
  inviteToken,
}: {
  onSuccess: (result: { signedIn: boolean }) => void | Promise<void>;
  inviteToken?: string;
}) {
  const { t } = useTranslation('auth');
  const signUp = useSignUp({ onSuccess, inviteToken });
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const nameError = translateFieldError(t, errors.name?.message);
  const emailError = translateFieldError(t, errors.email?.message);
  const passwordError = translateFieldError(t, errors.password?.message);
  const confirmError = translateFieldError(t, errors.confirmPassword?.message);
  const passwordHint = t('register.passwordHint', { min: PASSWORD_MIN });
  const pending = signUp.isPending;

  return (
    <form
      noValidate
      aria-label={t('register.title')}
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        if (!pending) signUp.mutate(values);
      })}
    >
      <AuthErrorAlert error={signUp.error} />
      <FormField id="register-name" label={t('register.name')} error={nameError}>
        <Input
          id="register-name"
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy('register-name', nameError)}
          {...form.register('name')}
        />
      </FormField>
      <FormField id="register-email" label={t('register.email')} error={emailError}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy('register-email', emailError)}
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="register-password"
        label={t('register.password')}
        error={passwordError}
        hint={passwordHint}
      >
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('register-password', passwordError, passwordHint)}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="register-confirm" label={t('register.confirmPassword')} error={confirmError}>
        <Input
          id="register-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={describedBy('register-confirm', confirmError)}
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
