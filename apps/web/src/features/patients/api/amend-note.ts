/**
 * `PATCH /api/patients/{id}/notes/{noteId}` `{ body }` → Note. Only the author may amend (others
 * get 403); the earlier text is kept in `amendments`.
 */
import { noteSchema } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { patientKeys, patientPath } from './keys';

export function amendNote(patientId: string, noteId: string, body: string) {
  return apiJson(`${patientPath(patientId)}/notes/${encodeURIComponent(noteId)}`, noteSchema, {
    method: 'PATCH',
    body: { body },
  });
}

export function useAmendNote(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'notes', 'amend'],
    mutationFn: ({ noteId, body }: { noteId: string; body: string }) =>
      amendNote(patientId, noteId, body),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.notes(patientId) }),
  });
}
