/**
 * Creating an account with a phone number (ADR 0043): name, number and password (twice) → a code
 * by SMS → the code makes the account, and the number and password sign in. The server answers a
 * number that already has an account the same way (no enumeration); if it was taken meanwhile, the
 * code step says so. Going back keeps what was typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { phoneEnding, phoneSignUpSchema } from '@painlab/shared/account';
import { PASSWORD_MIN } from '@painlab/shared/auth-limits';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useFinishPhoneSignUp, useRequestPhoneSignUp } from '../api/phone-account';
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

/** The shared sign-up schema, and the password typed twice. */
export const phoneDetailsSchema = phoneSignUpSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwords_do_not_match',
  });

const DETAIL_FIELDS = ['name', 'phoneNumber', 'password'] as const;
const detailField = (path: string) =>
  (DETAIL_FIELDS as readonly string[]).includes(path)
    ? (path as (typeof DETAIL_FIELDS)[number])
    : null;

export function PhoneRegisterForm({
  onSuccess,
  onCodeStep,
}: {
  onSuccess: (result: { signedIn: boolean }) => void | Promise<void>;
  /** Whether the code step is showing (the page hides the choice of method meanwhile). */
  onCodeStep?: (codeStep: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldText();
  const problemText = useProblemText();
  const request = useRequestPhoneSignUp();
  const finish = useFinishPhoneSignUp(onSuccess);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [taken, setTaken] = useState(false);
  const back = useRef(false);
  const details = useForm({
    resolver: zodResolver(phoneDetailsSchema),
    defaultValues: { name: '', phoneNumber: '', password: '', confirmPassword: '' },
  });
  const codeForm = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const errors = details.formState.errors;

  // a new step puts the focus in its first field (back: the number, the likeliest to change)
  useEffect(() => {
    onCodeStep?.(sent !== null);
    if (sent) codeForm.setFocus('code');
    else if (back.current) details.setFocus('phoneNumber');
  }, [sent, codeForm, details, onCodeStep]);

  const sendCode = details.handleSubmit((values) => {
    if (request.isPending) return;
    request.mutate(
      { name: values.name, phoneNumber: values.phoneNumber, password: values.password },
      {
        onSuccess: (answer) => setSent({ ...answer, phoneNumber: values.phoneNumber }),
        onError: (error) => placeIssues(error, details.setError, detailField),
      },
    );
  });

  const createAccount = codeForm.handleSubmit(({ code }) => {
    if (!sent || finish.isPending) return;
    setTaken(false);
    finish.mutate(
      { ticket: sent.ticket, code, password: details.getValues('password') },
      {
        onError: (error) => {
          const left = placeIssues(error, codeForm.setError, (path) =>
            path === 'code' || path === 'ticket' ? 'code' : null,
          );
          setTaken(left.some((issue) => issue.path === 'phoneNumber'));
        },
      },
    );
  });

  const anotherNumber = () => {
    finish.reset();
    request.reset();
    codeForm.reset();
    setTaken(false);
    back.current = true;
    setSent(null);
  };

  if (sent) {
    const problem = problemText(finish.error);
    return (
      <form
        noValidate
        aria-label={t('register.phone.codeForm')}
        className="flex flex-col gap-5"
        onSubmit={(event) => void createAccount(event)}
      >
        <CodeSentNote toOutbox={sent.toOutbox}>
          <p>
            {t('register.phone.codeSent', {
              ending: phoneEnding(sent.phoneNumber),
              minutes: sent.minutes,
            })}
          </p>
        </CodeSentNote>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {taken ? <Alert tone="error">{t('register.phone.taken')}</Alert> : null}
        <CodeField
          id={`${id}-code`}
          error={text(codeForm.formState.errors.code?.message)}
          field={codeForm.register('code')}
        />
        <SubmitButton pending={finish.isPending}>
          {finish.isPending ? t('register.submitting') : t('register.submit')}
        </SubmitButton>
        <Button variant="link" onClick={anotherNumber} className="self-center">
          {t('register.phone.anotherNumber')}
        </Button>
      </form>
    );
  }

  const problem = problemText(request.error);
  const passwordHint = t('register.passwordHint', { min: PASSWORD_MIN });
  return (
    <form
      noValidate
      aria-label={t('register.phone.form')}
      className="flex flex-col gap-5"
      onSubmit={(event) => void sendCode(event)}
    >
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <FormField id={`${id}-name`} label={t('register.name')} error={text(errors.name?.message)}>
        {(control) => <Input {...control} autoComplete="name" {...details.register('name')} />}
      </FormField>
      <PhoneField
        id={`${id}-phone`}
        label={t('register.phone.number')}
        error={text(errors.phoneNumber?.message)}
        field={details.register('phoneNumber')}
      />
      <NewPasswordField
        id={`${id}-password`}
        label={t('register.password')}
        hint={passwordHint}
        error={text(errors.password?.message)}
        field={details.register('password')}
      />
      <NewPasswordField
        id={`${id}-confirm`}
        label={t('register.confirmPassword')}
        error={text(errors.confirmPassword?.message)}
        field={details.register('confirmPassword')}
      />
      <SubmitButton pending={request.isPending}>
        {request.isPending ? t('phone.sending') : t('phone.sendCode')}
      </SubmitButton>
    </form>
  );
}
