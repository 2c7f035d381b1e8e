/**
 * `PATCH /api/patients/{id}` with `{ version, ...changedFields }`. A stale version is answered
 * 409 `conflict`: the form tells the user and offers to reload; nothing is retried or overwritten.
 */
import { patientSchema, type PatientFieldsParsed } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { patientKeys, patientPath } from './keys';

export type PatientUpdate = { version: number } & Partial<PatientFieldsParsed>;

export function updatePatient(id: string, update: PatientUpdate) {
  return apiJson(patientPath(id), patientSchema, { method: 'PATCH', body: update });
}

export function useUpdatePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'update'],
    mutationFn: (update: PatientUpdate) => updatePatient(id, update),
    retry: false,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientKeys.detail(id), patient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.statusHistory(id) }),
      ]);
    },
  });
}
