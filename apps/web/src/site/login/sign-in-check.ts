/**
 * The sign-in form's check, by hand: `signInSchema` of `@painlab/shared/auth` without zod, so the
 * sign-in page's script does not carry it (issue 8, first-load budget). The server checks again; the unit
 * test holds both to the same answers.
 */
import type { SignInInput } from '@painlab/shared/auth';
import { EMAIL_MAX, PASSWORD_MAX } from '@painlab/shared/auth-limits';

export type Message = 'required' | 'invalid_email' | 'too_long' | 'invalid_phone';

/** A phone number, E.164 once spaces, dots, dashes and brackets are dropped (ADR 0041). */
const PHONE = /^\+[1-9]\d{7,14}$/;
/** Whether what was typed is a phone number: it starts with `+`. */
export const isPhoneInput = (value: string) => value.trim().startsWith('+');
export type Issues = Partial<Record<keyof SignInInput, Message>>;

// An address as browsers' `type=email` accept it (WHATWG), with a dot in the domain as zod asks.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function checkSignIn(values: {
  email: string;
  password: string;
}): { values: SignInInput } | { issues: Issues } {
  // a `+` number is a phone: checked as one, and sent as E.164 (sign-in.ts picks the path)
  const phone = isPhoneInput(values.email) ? values.email.trim().replace(/[\s().-]/g, '') : null;
  const email = phone ?? values.email.trim();
  const issues: Issues = {};
  if (phone !== null) {
    if (!PHONE.test(phone)) issues.email = 'invalid_phone';
  } else if (!email) issues.email = 'required';
  else if (!EMAIL.test(email) || email.includes('..') || email.startsWith('.'))
    issues.email = 'invalid_email';
  else if (email.length > EMAIL_MAX) issues.email = 'too_long';
  if (!values.password) issues.password = 'required';
  else if (values.password.length > PASSWORD_MAX) issues.password = 'too_long';
  return Object.keys(issues).length ? { issues } : { values: { email, password: values.password } };
}
