/** Patients by name for the booking dialog (`GET /api/patients?q=`, staff; nearest names first). */
import { patientListSchema } from '@painlab/shared/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function usePatientSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: appointmentKeys.patientSearch(term),
    queryFn: ({ signal }) =>
      api.get(
        `/api/patients?${new URLSearchParams({ q: term, limit: '8' })}`,
        patientListSchema,
        signal,
      ),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
