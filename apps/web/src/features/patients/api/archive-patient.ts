/** `DELETE /api/patients/{id}` → 204: archives the record (admin only). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys, patientPath } from './keys';

export async function archivePatient(id: string): Promise<void> {
  await apiRequest(patientPath(id), { method: 'DELETE' });
}

export function useArchivePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'archive'],
    mutationFn: () => archivePatient(id),
    retry: false,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: patientKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: patientKeys.lists() });
    },
  });
}
