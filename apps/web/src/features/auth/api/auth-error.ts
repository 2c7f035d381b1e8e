/** Errors of the better-auth endpoints, and their translation keys. */
import { IGNORED_SIGN_OUT_STATUSES } from '../../../lib/auth-storage';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

type BetterAuthError =
  { status?: number; code?: string; message?: string; statusText?: string } | null | undefined;

/** Turns the `{ error }` of a better-auth client call into an `AuthError` (or nothing). */
export function toAuthError(error: BetterAuthError): AuthError | null {
  if (!error) return null;
  return new AuthError(
    error.status ?? 0,
    error.code,
    error.message || error.statusText || 'Authentication failed',
  );
}

/** Throws unless the call succeeded. */
export function assertAuthOk(error: BetterAuthError): void {
  const failure = toAuthError(error);
  if (failure) throw failure;
}

/** SPEC §8: sign-out ignores 401, 403 and 404 (the session is already gone). */
export function assertSignOutOk(error: BetterAuthError): void {
  const failure = toAuthError(error);
  if (failure && !IGNORED_SIGN_OUT_STATUSES.has(failure.status)) throw failure;
}

export const KNOWN_AUTH_CODES = [
  'INVALID_EMAIL_OR_PASSWORD',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'INVALID_EMAIL',
  'EMAIL_NOT_VERIFIED',
  'REGISTRATION_CLOSED',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_TOO_SIMPLE',
  'PASSWORD_CONTAINS_PERSONAL_INFO',
  'ACCOUNT_LOCKED',
  'TOO_MANY_FAILED_SIGN_INS',
  'DEFAULT_PASSWORD_REFUSED',
  // sign-in by e-mail code or link (ADR 0040)
  'SECOND_FACTOR_REQUIRED',
  'FACTOR_SAME_CHANNEL',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'TOO_MANY_ATTEMPTS',
] as const;
export type KnownAuthCode = (typeof KNOWN_AUTH_CODES)[number];

export type AuthErrorKey = KnownAuthCode | 'rate_limited' | 'network' | 'generic';

/** The `auth:errors.*` key for an error, or `null` to show the server's own (translated) message. */
export function authErrorKey(error: unknown): AuthErrorKey | null {
  if (error instanceof AuthError) {
    if (error.code && (KNOWN_AUTH_CODES as readonly string[]).includes(error.code)) {
      return error.code as KnownAuthCode;
    }
    if (error.status === 429) return 'rate_limited';
    if (error.status === 0) return 'network';
    return error.message ? null : 'generic';
  }
  if (error instanceof TypeError) return 'network';
  return 'generic';
}

/** Only network failures and server errors are worth one retry. */
export function shouldRetryAuth(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof AuthError) return error.status === 0 || error.status >= 500;
  return error instanceof TypeError;
}
