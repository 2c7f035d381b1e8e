/**
 * `GET /api/appointments/patient/{id}`: the patient's appointments for the chart's tab, latest
 * first (the appointments module's contract; the key starts with 'appointments' so its writes
 * refresh it).
 */
import { appointmentListSchema } from '@painlab/shared/appointments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export function usePatientAppointments(patientId: string) {
  const queryKey = ['appointments', 'patient', patientId];
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/appointments/patient/${encodeURIComponent(patientId)}`,
        appointmentListSchema,
        signal,
      ),
    ...cachePolicy(queryKey),
    retry: retryTransient,
  });
}
