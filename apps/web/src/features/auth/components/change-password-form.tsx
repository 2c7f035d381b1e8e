import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordResetSchema } from '@painlab/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { AuthErrorAlert } from './auth-error-alert';
import { translateFieldError } from './field-error';

/** The current password (the re-authentication) and the new one twice, as in recovery. */
const formSchema = z.intersection(
  z.object({
    currentPassword: z
      .string()
      .min(1, { error: 'required' })
      .max(PASSWORD_MAX, { error: 'too_long' }),
    endOtherSessions: z.boolean(),
  }),
  passwordResetSchema,
);
type FormValues = z.infer<typeof formSchema>;

/** /settings: change the password; other devices are signed out unless the user says otherwise. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      currentPassword: '',
      password: '',
      confirmPassword: '',
      endOtherSessions: true,
    },
  });
  const { errors } = form.formState;
  const message = (m: string | undefined) => translateFieldError(t, m);
  const hint = t('register.passwordHint', { min: PASSWORD_MIN });

  return (
    <form
      noValidate
      aria-label={t('change.title')}
      className="flex max-w-md flex-col gap-5"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (change.isPending) return;
          change.mutate(
            {
              currentPassword: values.currentPassword,
              newPassword: values.password,
              endOtherSessions: values.endOtherSessions,
            },
            {
              onSuccess: () => {
                toast.success(
                  values.endOtherSessions ? t('change.doneOthersEnded') : t('change.done'),
                );
                form.reset();
              },
            },
          );
        })(event)
      }
    >
      <AuthErrorAlert error={change.error} />
      <FormField
        id="change-current"
        label={t('change.current')}
        error={message(errors.currentPassword?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        )}
      </FormField>
      <FormField
        id="change-new"
        label={t('reset.password')}
        error={message(errors.password?.message)}
        hint={hint}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <FormField
        id="change-confirm"
        label={t('reset.confirmPassword')}
        error={message(errors.confirmPassword?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-teal-700"
          {...form.register('endOtherSessions')}
        />
        {t('change.endOthers')}
      </label>
      <Button
        type="submit"
        className="self-start"
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
      >
        {change.isPending ? t('change.submitting') : t('change.submit')}
      </Button>
    </form>
  );
}
