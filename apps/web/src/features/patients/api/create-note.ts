/** `POST /api/patients/{id}/notes` `{ body }` → 201 Note. */
import { noteSchema } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { patientKeys, patientPath } from './keys';

export function createNote(patientId: string, body: string) {
  return apiJson(`${patientPath(patientId)}/notes`, noteSchema, { method: 'POST', body: { body } });
}

export function useCreateNote(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'notes', 'create'],
    mutationFn: (body: string) => createNote(patientId, body),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.notes(patientId) }),
  });
}
