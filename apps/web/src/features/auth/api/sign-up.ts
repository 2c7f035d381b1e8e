import type { SignUpInput } from '@painlab/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

/** Creates the account; resolves whether the server also signed the new user in. */
export async function signUp(input: SignUpInput): Promise<{ signedIn: boolean }> {
  const { data, error } = await authClient.signUp.email({
    name: input.name,
    email: input.email,
    password: input.password,
  });
  assertAuthOk(error);
  return { signedIn: Boolean(data && 'token' in data && data.token) };
}

export function useSignUp(options: { onSuccess?: (result: { signedIn: boolean }) => void | Promise<void> } = {}) {
  return useMutation({
    mutationKey: ['auth', 'sign-up'],
    mutationFn: signUp,
    retry: shouldRetryAuth,
    onSuccess: options.onSuccess,
  });
}
