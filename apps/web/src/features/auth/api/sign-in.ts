import type { SignInInput } from '@painlab/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

export async function signIn(input: SignInInput): Promise<void> {
  const { error } = await authClient.signIn.email({ email: input.email, password: input.password });
  assertAuthOk(error);
}

export function useSignIn(options: { onSuccess?: () => void | Promise<void> } = {}) {
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: signIn,
    retry: shouldRetryAuth,
    onSuccess: options.onSuccess,
  });
}
