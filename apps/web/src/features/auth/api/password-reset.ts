/**
 * Password recovery with better-auth: `POST /api/auth/request-password-reset` `{ email }` (answered
 * alike whether or not the address has an account; the link goes out through the outbox) and
 * `POST /api/auth/reset-password` `{ token, newPassword }` (the token from the link; single use).
 */
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await authClient.requestPasswordReset({ email });
  assertAuthOk(error);
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const { error } = await authClient.resetPassword({ token, newPassword });
  assertAuthOk(error);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: (email: string) => requestPasswordReset(email),
    retry: shouldRetryAuth,
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: (newPassword: string) => resetPassword(token, newPassword),
    retry: false,
  });
}
