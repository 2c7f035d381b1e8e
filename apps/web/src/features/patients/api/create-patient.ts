/**
 * `POST /api/patients` → 201 Patient; 400 `validation_failed` names the fields; 409
 * `duplicate_patient` when a patient with the same name and birth date exists, unless the body says
 * `allowDuplicate: true` (the user saw the matches and chose "Create anyway").
 */
import { patientSchema, type PatientFieldsParsed } from '@painlab/shared/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, isApiError } from '../../../lib/api-client';
import { patientKeys } from './keys';

// The shared request schema gains `allowDuplicate` in packages/shared/src/patients.ts; until then it is added here.
export type CreatePatientRequest = PatientFieldsParsed & { allowDuplicate?: boolean };

const duplicateMatchesSchema = z.object({
  matches: z.array(z.object({ id: z.string(), name: z.string(), birthDate: z.string() })),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchesSchema>['matches'][number];

/** The existing patients a `duplicate_patient` refusal names, or null for any other error. */
export function duplicateMatches(error: unknown): DuplicateMatch[] | null {
  if (!isApiError(error, 409) || error.code !== 'duplicate_patient') return null;
  const parsed = duplicateMatchesSchema.safeParse(error.data);
  return parsed.success ? parsed.data.matches : [];
}

export function createPatient(body: CreatePatientRequest) {
  return apiJson('/api/patients', patientSchema, { method: 'POST', body });
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
