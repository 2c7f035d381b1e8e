/**
 * `POST /api/patients/{id}/invite` `{ email }` or `{ phone }` → `{ link, expiresAt, delivered }`.
 * `delivered: 'none'` means nothing was sent (no e-mail configured): staff pass the link on.
 */
import { inviteSchema } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { patientKeys, patientPath } from './keys';

export type InviteInput = { email: string } | { phone: string };
export type InviteResult = z.infer<typeof inviteSchema>;

export function invitePatient(patientId: string, input: InviteInput) {
  return apiJson(`${patientPath(patientId)}/invite`, inviteSchema, { method: 'POST', body: input });
}

export function useInvitePatient(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'invite'],
    mutationFn: (input: InviteInput) => invitePatient(patientId, input),
    retry: false,
    // The chart's portal state changes to "invited".
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId), exact: true }),
  });
}
