import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/auth.json';
import es from '../../../locales/es/auth.json';

const { AuthError, assertSignOutOk, authErrorKey, KNOWN_AUTH_CODES, shouldRetryAuth, toAuthError } =
  await import('./auth-error');

describe('auth errors', () => {
  it('translates known better-auth codes and statuses', () => {
    expect(
      authErrorKey(
        toAuthError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }),
      ),
    ).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(authErrorKey(toAuthError({ status: 422, code: 'USER_ALREADY_EXISTS' }))).toBe(
      'USER_ALREADY_EXISTS',
    );
    expect(authErrorKey(toAuthError({ status: 429, message: 'Too many requests' }))).toBe(
      'rate_limited',
    );
    expect(authErrorKey(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('shows the server message for unknown codes', () => {
    expect(
      authErrorKey(
        toAuthError({ status: 400, code: 'SOMETHING_NEW', message: 'Translated by server' }),
      ),
    ).toBeNull();
  });

  it('ignores 401, 403 and 404 on sign-out only', () => {
    for (const status of [401, 403, 404]) expect(() => assertSignOutOk({ status })).not.toThrow();
    expect(() => assertSignOutOk({ status: 500, message: 'boom' })).toThrow(AuthError);
    expect(() => assertSignOutOk(null)).not.toThrow();
  });

  it('retries only network and server failures, once', () => {
    expect(shouldRetryAuth(0, new AuthError(0, undefined, 'offline'))).toBe(true);
    expect(shouldRetryAuth(0, new AuthError(503, undefined, 'down'))).toBe(true);
    expect(shouldRetryAuth(0, new AuthError(401, 'INVALID_EMAIL_OR_PASSWORD', 'no'))).toBe(false);
    expect(shouldRetryAuth(1, new AuthError(503, undefined, 'down'))).toBe(false);
  });
});

describe('password rules and sign-in throttling (issue 7)', () => {
  it('keeps the server code of a 429 (a locked account is not a generic rate limit)', () => {
    expect(authErrorKey(new AuthError(429, 'ACCOUNT_LOCKED', 'locked'))).toBe('ACCOUNT_LOCKED');
    expect(authErrorKey(new AuthError(429, undefined, 'Too many'))).toBe('rate_limited');
  });

  it('has an English and a Spanish message for every known code', () => {
    for (const code of KNOWN_AUTH_CODES) {
      expect(en.errors[code as keyof typeof en.errors], code).toBeTruthy();
      expect(es.errors[code as keyof typeof es.errors], code).toBeTruthy();
    }
    expect(KNOWN_AUTH_CODES).toEqual(
      expect.arrayContaining([
        'PASSWORD_TOO_COMMON',
        'PASSWORD_TOO_SIMPLE',
        'PASSWORD_CONTAINS_PERSONAL_INFO',
      ]),
    );
  });
});
