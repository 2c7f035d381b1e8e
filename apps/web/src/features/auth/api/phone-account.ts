/**
 * Accounts made and recovered with a phone number (ADR 0043): sign-up is name, number and password
 * → a code by SMS and a `ticket` → the ticket and the code make the account (no session: the page
 * signs in next with the number and the password). Password reset is the number → a code and a
 * ticket → the ticket, the code and a new password. The server answers every number alike.
 */
import {
  phoneCodeSentSchema,
  phoneResetDoneSchema,
  phoneSignUpDoneSchema,
  type PhoneResetInput,
  type PhoneResetRequestInput,
  type PhoneSignUpInput,
  type PhoneTicketCodeInput,
} from '@painlab/shared/account';
import { useMutation } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../lib/api-client';

const post = <T>(path: string, schema: { parse: (value: unknown) => T }, body: unknown) =>
  apiJson(path, schema, { method: 'POST', body });

/**
 * better-auth's `POST /api/auth/sign-in/phone-number`, with plain `fetch` like the other calls here:
 * whether a session was opened. A new account has no second factor; were one asked for
 * (`twoFactorRedirect`), this is false and the page sends the person to the sign-in page.
 */
export async function signInWithPhone(phoneNumber: string, password: string): Promise<boolean> {
  try {
    const response = await apiRequest('/api/auth/sign-in/phone-number', {
      method: 'POST',
      body: { phoneNumber, password },
    });
    const answer = (await response.json().catch(() => null)) as {
      twoFactorRedirect?: unknown;
    } | null;
    return answer?.twoFactorRedirect !== true;
  } catch {
    return false;
  }
}

export function useRequestPhoneSignUp() {
  return useMutation({
    mutationKey: ['auth', 'sign-up', 'phone'],
    mutationFn: (input: PhoneSignUpInput) =>
      post('/api/account/sign-up/phone', phoneCodeSentSchema, input),
    retry: false,
  });
}

/** The code makes the account; then the number and the password sign in (`signedIn`). */
export function useFinishPhoneSignUp(
  onSuccess?: (result: { signedIn: boolean }) => void | Promise<void>,
) {
  return useMutation({
    mutationKey: ['auth', 'sign-up', 'phone', 'verify'],
    mutationFn: async (input: PhoneTicketCodeInput & { password: string }) => {
      const { phoneNumber } = await post(
        '/api/account/sign-up/phone/verify',
        phoneSignUpDoneSchema,
        {
          ticket: input.ticket,
          code: input.code,
        },
      );
      const signedIn = await signInWithPhone(phoneNumber, input.password);
      return { signedIn };
    },
    retry: false,
    onSuccess,
  });
}

export function useRequestPhoneReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'phone'],
    mutationFn: (input: PhoneResetRequestInput) =>
      post('/api/account/password-reset/phone', phoneCodeSentSchema, input),
    retry: false,
  });
}

export function useConfirmPhoneReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'phone', 'confirm'],
    mutationFn: (input: PhoneResetInput) =>
      post('/api/account/password-reset/phone/confirm', phoneResetDoneSchema, input),
    retry: false,
  });
}
