import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/auth-client', () => ({ IGNORED_SIGN_OUT_STATUSES: new Set([401, 403, 404]) }));

const { AuthError, assertSignOutOk, authErrorKey, shouldRetryAuth, toAuthError } = await import('./auth-error');

describe('auth errors', () => {
  it('translates known better-auth codes and statuses', () => {
    expect(authErrorKey(toAuthError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }))).toBe(
      'INVALID_EMAIL_OR_PASSWORD',
    );
    expect(authErrorKey(toAuthError({ status: 422, code: 'USER_ALREADY_EXISTS' }))).toBe('USER_ALREADY_EXISTS');
    expect(authErrorKey(toAuthError({ status: 429, message: 'Too many requests' }))).toBe('rate_limited');
    expect(authErrorKey(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('shows the server message for unknown codes', () => {
    expect(authErrorKey(toAuthError({ status: 400, code: 'SOMETHING_NEW', message: 'Translated by server' }))).toBeNull();
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
