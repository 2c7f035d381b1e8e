/**
 * Password recovery by SMS (ADR 0043): the number → a code (only for a verified number of an
 * account without a second factor; the page says so without telling which numbers get one) → the
 * code and a new password (twice). Every session of the account ends; none is opened: the page
 * links to the sign-in page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { phoneEnding, phoneResetRequestSchema, phoneResetSchema } from '@painlab/shared/account';
import { PASSWORD_MIN } from '@painlab/shared/auth-limits';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useConfirmPhoneReset, useRequestPhoneReset } from '../api/phone-account';
import {
  CodeField,
  CodeSentNote,
  codeFormSchema,
  NewPasswordField,
  PhoneField,
  placeIssues,
  SubmitButton,
  useFieldText,
  useProblemText,
  type CodeSent,
} from './phone-code';

/** The code and the new password twice (the shared reset schema's rules). */
export const phoneNewPasswordSchema = codeFormSchema
  .extend({
    newPassword: phoneResetSchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwords_do_not_match',
  });

export function PhoneResetForm({
  onCodeStep,
}: {
  /** Whether the code step (or the end) is showing: the page hides the choice of method. */
  onCodeStep?: (codeStep: boolean) => void;
} = {}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldText();
  const problemText = useProblemText();
  const request = useRequestPhoneReset();
  const confirm = useConfirmPhoneReset();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const numberForm = useForm({
    resolver: zodResolver(phoneResetRequestSchema),
    defaultValues: { phoneNumber: '' },
  });
  const resetForm = useForm({
    resolver: zodResolver(phoneNewPasswordSchema),
    defaultValues: { code: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    onCodeStep?.(sent !== null);
    if (sent) resetForm.setFocus('code');
  }, [sent, resetForm, onCodeStep]);

  const sendCode = numberForm.handleSubmit(({ phoneNumber }) => {
    if (request.isPending) return;
    request.mutate(
      { phoneNumber },
      {
        onSuccess: (answer) => setSent({ ...answer, phoneNumber }),
        onError: (error) =>
          placeIssues(error, numberForm.setError, (path) =>
            path === 'phoneNumber' ? 'phoneNumber' : null,
          ),
      },
    );
  });

  const save = resetForm.handleSubmit(({ code, newPassword }) => {
    if (!sent || confirm.isPending) return;
    confirm.mutate(
      { ticket: sent.ticket, code, newPassword },
      {
        onError: (error) =>
          placeIssues(error, resetForm.setError, (path) =>
            path === 'code' || path === 'ticket'
              ? 'code'
              : path === 'newPassword'
                ? 'newPassword'
                : null,
          ),
      },
    );
  });

  const anotherNumber = () => {
    confirm.reset();
    resetForm.reset();
    setSent(null);
  };

  if (confirm.isSuccess) {
    return (
      <div className="flex flex-col gap-5" data-testid="phone-reset-done">
        <Alert tone="success">{t('forgot.sms.done')}</Alert>
        {/* the sign-in page is a page of the site, not of this app: a full page load */}
        <a href="/login" className={buttonClasses('primary', 'lg')}>
          {t('forgot.sms.signIn')}
        </a>
      </div>
    );
  }

  if (sent) {
    const problem = problemText(confirm.error);
    const errors = resetForm.formState.errors;
    const passwordHint = t('register.passwordHint', { min: PASSWORD_MIN });
    return (
      <form
        noValidate
        aria-label={t('forgot.sms.codeForm')}
        className="flex flex-col gap-5"
        onSubmit={(event) => void save(event)}
      >
        <CodeSentNote toOutbox={sent.toOutbox}>
          <p>
            {t('forgot.sms.sent', { ending: phoneEnding(sent.phoneNumber), minutes: sent.minutes })}
          </p>
          <p>{t('forgot.sms.secondFactor')}</p>
        </CodeSentNote>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <CodeField
          id={`${id}-code`}
          error={text(errors.code?.message)}
          field={resetForm.register('code')}
        />
        <NewPasswordField
          id={`${id}-new`}
          label={t('reset.password')}
          hint={passwordHint}
          error={text(errors.newPassword?.message)}
          field={resetForm.register('newPassword')}
        />
        <NewPasswordField
          id={`${id}-confirm`}
          label={t('reset.confirmPassword')}
          error={text(errors.confirmPassword?.message)}
          field={resetForm.register('confirmPassword')}
        />
        <SubmitButton pending={confirm.isPending}>
          {confirm.isPending ? t('reset.submitting') : t('reset.submit')}
        </SubmitButton>
        <Button variant="link" onClick={anotherNumber} className="self-center">
          {t('forgot.sms.anotherNumber')}
        </Button>
      </form>
    );
  }

  const problem = problemText(request.error);
  return (
    <form
      noValidate
      aria-label={t('forgot.sms.form')}
      className="flex flex-col gap-5"
      onSubmit={(event) => void sendCode(event)}
    >
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <PhoneField
        id={`${id}-phone`}
        label={t('forgot.sms.number')}
        error={text(numberForm.formState.errors.phoneNumber?.message)}
        field={numberForm.register('phoneNumber')}
      />
      <SubmitButton pending={request.isPending}>
        {request.isPending ? t('phone.sending') : t('phone.sendCode')}
      </SubmitButton>
    </form>
  );
}
