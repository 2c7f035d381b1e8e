import type { SignUpInput } from '@painlab/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

/** The header carrying a portal invitation's token (the server lets its holder sign up while registration is closed). */
const INVITE_HEADER = 'x-painlab-invite';

/** Creates the account; resolves whether the server also signed the new user in. */
export async function signUp(input: SignUpInput, inviteToken?: string): Promise<{ signedIn: boolean }> {
  const { data, error } = await authClient.signUp.email(
    { name: input.name, email: input.email, password: input.password },
    inviteToken ? { headers: { [INVITE_HEADER]: inviteToken } } : undefined,
  );
  assertAuthOk(error);
  return { signedIn: Boolean(data && 'token' in data && data.token) };
}

export function useSignUp(
  options: { inviteToken?: string; onSuccess?: (result: { signedIn: boolean }) => void | Promise<void> } = {},
) {
  return useMutation({
    mutationKey: ['auth', 'sign-up'],
    mutationFn: (input: SignUpInput) => signUp(input, options.inviteToken),
    retry: shouldRetryAuth,
    onSuccess: options.onSuccess,
  });
}
