/**
 * `POST /api/portal/claim { token }` → `{ patientId }`: links the invitation's record to the
 * signed-in account. 409: already linked or used; 404: expired or unknown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { ACCESS_LOG_KEY } from './get-access-log';
import { MY_RECORD_KEY } from './get-my-record';

const claimResultSchema = z.object({ patientId: z.string() });

export function claimInvite(token: string) {
  return apiJson('/api/portal/claim', claimResultSchema, { method: 'POST', body: { token } });
}

export function useClaimInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patient-portal', 'claim'],
    mutationFn: claimInvite,
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_RECORD_KEY }),
        queryClient.invalidateQueries({ queryKey: ACCESS_LOG_KEY }),
      ]);
    },
  });
}
