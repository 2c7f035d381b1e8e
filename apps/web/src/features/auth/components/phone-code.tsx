/**
 * What the phone sign-up and the password reset by SMS share (ADR 0043): the note that a code is on
 * its way (and, with no SMS service, that it waits in the Outbox), the code field, the server's
 * field refusals placed under the form's fields, and the text of any other failure.
 */
import { PHONE_INPUT_MAX, phoneTicketCodeSchema } from '@painlab/shared/account';
import { PASSWORD_MIN } from '@painlab/shared/auth-limits';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError, NetworkError } from '../../../lib/api-client';

/** A code went out (or the same answer did, for a number that gets none). */
export type CodeSent = { ticket: string; phoneNumber: string; minutes: number; toOutbox: boolean };

/** The sentence(s) about the code, then the Outbox note when there is no SMS service. */
export function CodeSentNote({ children, toOutbox }: { children: ReactNode; toOutbox: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Alert tone="info" data-testid="phone-code-sent" className="flex flex-col gap-2">
      {children}
      {toOutbox ? <p>{t('phone.outbox')}</p> : null}
    </Alert>
  );
}

/** The 6-digit code from the SMS (`one-time-code`: phones offer it from the message). */
export function CodeField({
  id,
  error,
  field,
}: {
  id: string;
  error?: string;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField id={id} label={t('phone.code')} required error={error}>
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          {...field}
        />
      )}
    </FormField>
  );
}

/** The phone number as typed (spaces and dashes allowed; the shared schema drops them). */
export function PhoneField({
  id,
  label,
  error,
  field,
}: {
  id: string;
  label: string;
  error?: string;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('auth');
  return (
    <FormField id={id} label={label} hint={t('phone.numberHint')} error={error}>
      {(control) => (
        <Input
          {...control}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX}
          {...field}
        />
      )}
    </FormField>
  );
}

/** A new password (`new-password`: password managers offer one), or the same again. */
export function NewPasswordField({
  id,
  label,
  hint,
  error,
  field,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} type="password" autoComplete="new-password" {...field} />}
    </FormField>
  );
}

/** The step's main button: busy while its request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined}>
      {children}
    </Button>
  );
}

/** A form field's message key (the shared schemas' and the server's) in the UI language. */
export function useFieldText() {
  const message = useFieldMessage();
  return (key: string | undefined) => message(key, { min: PASSWORD_MIN });
}

/**
 * Puts a 400's field refusals under the fields `fieldOf` names (the first one takes the focus) and
 * answers the refusals left over; anything but a 400 is left to `problemText`.
 */
export function placeIssues<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fieldOf: (path: string) => Path<F> | null,
): { path: string; message: string }[] {
  if (!isApiError(error, 400)) return [];
  const left: { path: string; message: string }[] = [];
  let first = true;
  for (const issue of error.details ?? []) {
    const field = fieldOf(issue.path);
    if (!field) {
      left.push(issue);
      continue;
    }
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: first });
    first = false;
  }
  return left;
}

/** A failure that is not a field refusal (a 400 without field details is one): no connection, or the server's (translated) message. */
export function useProblemText() {
  const { t } = useTranslation('auth');
  return (error: unknown): string | null => {
    if (!error || (isApiError(error, 400) && error.details?.length)) return null;
    if (error instanceof NetworkError) return t('errors.network');
    return error instanceof Error && error.message ? error.message : t('errors.generic');
  };
}

/** The code step's form: the shared rule for a code (6 digits, spaces dropped). */
export const codeFormSchema = z.object({ code: phoneTicketCodeSchema.shape.code });
