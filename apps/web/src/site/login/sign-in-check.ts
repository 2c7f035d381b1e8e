/**
 * The sign-in form's check, by hand: `signInSchema` of `@painlab/shared/auth` without zod, so the
 * sign-in page's script does not carry it (issue 8, first-load budget). The server checks again; the unit
 * test holds both to the same answers.
 */
import type { SignInInput } from '@painlab/shared/auth';
import { EMAIL_MAX, PASSWORD_MAX } from '@painlab/shared/auth-limits';

export type Message = 'required' | 'invalid_email' | 'too_long';
export type Issues = Partial<Record<keyof SignInInput, Message>>;

// An address as browsers' `type=email` accept it (WHATWG), with a dot in the domain as zod asks.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function checkSignIn(values: {
  email: string;
  password: string;
}): { values: SignInInput } | { issues: Issues } {
  const email = values.email.trim();
  const issues: Issues = {};
  if (!email) issues.email = 'required';
  else if (!EMAIL.test(email) || email.includes('..') || email.startsWith('.'))
    issues.email = 'invalid_email';
  else if (email.length > EMAIL_MAX) issues.email = 'too_long';
  if (!values.password) issues.password = 'required';
  else if (values.password.length > PASSWORD_MAX) issues.password = 'too_long';
  return Object.keys(issues).length ? { issues } : { values: { email, password: values.password } };
}
