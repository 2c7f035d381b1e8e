import type { SignInInput } from '@painlab/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { currentRequestLanguage } from '../../../lib/api-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

/**
 * better-auth's `POST /api/auth/sign-in/email`, called with plain `fetch`: the sign-in screen does
 * not load the better-auth client (issue 8, first-load budget). A failure becomes an `AuthError`
 * with better-auth's status, code and message, as the client would report it; a network failure
 * rejects with fetch's `TypeError`.
 */
export async function signIn(input: SignInInput): Promise<void> {
  const response = await fetch('/api/auth/sign-in/email', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': currentRequestLanguage(),
    },
    body: JSON.stringify({ email: input.email, password: input.password }),
  });
  if (response.ok) return;
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = ((await response.json()) as typeof body | null) ?? {};
  } catch {
    // not JSON: the status text stands
  }
  assertAuthOk({
    status: response.status,
    statusText: response.statusText,
    code: typeof body.code === 'string' ? body.code : undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
  });
}

export function useSignIn(options: { onSuccess?: () => void | Promise<void> } = {}) {
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signIn,
    retry: shouldRetryAuth,
    onSuccess: options.onSuccess,
  });
}
