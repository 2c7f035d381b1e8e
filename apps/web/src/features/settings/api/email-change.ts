/** Asking to change the sign-in e-mail: `POST /api/account/email` (current password required). */
import { emailChangeResultSchema, type EmailChangeInput } from '@painlab/shared/account';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useRequestEmailChange() {
  return useMutation({
    mutationKey: ['account', 'email'],
    mutationFn: (input: EmailChangeInput) =>
      apiJson('/api/account/email', emailChangeResultSchema, { method: 'POST', body: input }),
    retry: false,
  });
}
