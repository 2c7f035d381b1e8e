/** `POST /api/patients` → 201 Patient; 400 `validation_failed` names the fields. */
import { patientSchema, type PatientFieldsParsed } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { patientKeys } from './keys';

export function createPatient(fields: PatientFieldsParsed) {
  return apiJson('/api/patients', patientSchema, { method: 'POST', body: fields });
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patients', 'create'],
    mutationFn: createPatient,
    // Not idempotent: a retry after a lost answer could register the patient twice.
    retry: false,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      await queryClient.invalidateQueries({ queryKey: patientKeys.lists() });
    },
  });
}
