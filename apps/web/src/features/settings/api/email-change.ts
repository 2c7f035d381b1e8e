/**
 * The sign-in e-mail: asking to change it (`POST /api/account/email`, current password required),
 * and confirming it (ADR 0042).
 */
import {
  emailChangeResultSchema,
  emailConfirmationResultSchema,
  myEmailSchema,
  type EmailChangeInput,
} from '@painlab/shared/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';

export function useRequestEmailChange() {
  return useMutation({
    mutationKey: ['account', 'email'],
    mutationFn: (input: EmailChangeInput) =>
      apiJson('/api/account/email', emailChangeResultSchema, { method: 'POST', body: input }),
    retry: false,
  });
}

const MY_EMAIL_KEY = ['account', 'email', 'mine'] as const;

/** The sign-in address and whether it is confirmed: `GET /api/account/email`. */
export function useMyEmail() {
  return useQuery({
    queryKey: MY_EMAIL_KEY,
    queryFn: ({ signal }) => api.get('/api/account/email', myEmailSchema, signal),
  });
}

/** Sends the confirmation link again: `POST /api/account/email/confirmation`. */
export function useSendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'email', 'confirmation'],
    mutationFn: () =>
      apiJson('/api/account/email/confirmation', emailConfirmationResultSchema, {
        method: 'POST',
        body: {},
      }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_EMAIL_KEY }),
  });
}
