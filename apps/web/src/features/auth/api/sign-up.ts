import type { SignUpInput } from '@painlab/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { assertAuthOk, shouldRetryAuth } from './auth-error';

/** The header carrying a portal invitation's token (the server lets its holder sign up while registration is closed). */
const INVITE_HEADER = 'x-painlab-invite';

/**
 * Creates the account. The server answers a new e-mail and a taken one alike and never signs in on
 * sign-up (no account enumeration), so the new user is signed in next with the same credentials:
 * `signedIn` is false when that fails (the e-mail already had an account with another password),
 * and the page shows the neutral "created, check your e-mail or sign in" outcome.
 */
export async function signUp(
  input: SignUpInput,
  inviteToken?: string,
): Promise<{ signedIn: boolean }> {
  const { error } = await authClient.signUp.email(
    { name: input.name, email: input.email, password: input.password },
    inviteToken ? { headers: { [INVITE_HEADER]: inviteToken } } : undefined,
  );
  assertAuthOk(error);
  const signIn = await authClient.signIn.email({ email: input.email, password: input.password });
  return { signedIn: !signIn.error };
}

export function useSignUp(
  options: {
    inviteToken?: string;
    onSuccess?: (result: { signedIn: boolean }) => void | Promise<void>;
  } = {},
) {
  return useMutation({
    mutationKey: ['auth', 'sign-up'],
    mutationFn: (input: SignUpInput) => signUp(input, options.inviteToken),
    retry: shouldRetryAuth,
    onSuccess: options.onSuccess,
  });
}
