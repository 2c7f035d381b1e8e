/** The shape of the sign-in page's strings (filled in by texts.ts on the server). */
import type enAuth from '../../locales/en/auth.json';
import type { Lang } from '../ui';

/** The second step's strings (auth.json `secondFactor`). */
export type SecondFactorTexts = (typeof enAuth)['secondFactor'];

/** Sign-in with a passkey (auth.json `passkey`). */
export type PasskeyTexts = (typeof enAuth)['passkey'];

/** Sign-in by a code or link sent by e-mail (auth.json `emailSignIn`, ADR 0040). */
export type EmailSignInTexts = (typeof enAuth)['emailSignIn'];

/** The refusals sign-in can answer (better-auth's and ours: login-throttle, the demo password check). */
export const SIGN_IN_ERROR_KEYS = [
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_TOO_LONG',
  'ACCOUNT_LOCKED',
  'TOO_MANY_FAILED_SIGN_INS',
  'DEFAULT_PASSWORD_REFUSED',
  'SECOND_FACTOR_REQUIRED',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'INVALID_PHONE_NUMBER_OR_PASSWORD',
  'INVALID_PHONE_NUMBER',
  'PHONE_NUMBER_NOT_VERIFIED',
  'rate_limited',
  'network',
  'generic',
] as const;
export type SignInErrorKey = (typeof SIGN_IN_ERROR_KEYS)[number];

export const FIELD_MESSAGES = [
  'required',
  'invalid_email',
  'invalid_phone',
  'too_long',
  'invalid',
] as const;
export type FieldMessage = (typeof FIELD_MESSAGES)[number];

export interface LoginTexts {
  /** `<title>` before the clinic's name (the route's name, as the web app titles it). */
  pageTitle: string;
  metaDescription: string;
  title: string;
  subtitle: string;
  email: string;
  /** The identifier field: an e-mail address or a `+` phone number (ADR 0041). */
  identifier: string;
  identifierHint: string;
  password: string;
  submit: string;
  submitting: string;
  noAccount: string;
  registerLink: string;
  /** The link to password recovery, under the password field. */
  forgotLink: string;
  /** The buttons to the sign-in by e-mail code or link. */
  codeLink: string;
  linkLink: string;
  retryAfter: string;
  languageLabel: string;
  languageShort: Record<Lang, string>;
  languageNames: Record<Lang, string>;
  validation: Record<FieldMessage, string>;
  errors: Record<SignInErrorKey, string>;
  /** Notices another screen leaves for this page (`site/login/notice.ts`). */
  notices: {
    authRequired: string;
    registered: string;
    passwordReset: string;
    idleSignedOut: string;
  };
  secondFactor: SecondFactorTexts;
  passkey: PasskeyTexts;
  emailSignIn: EmailSignInTexts;
}
