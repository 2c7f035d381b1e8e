/**
 * `GET`/`PUT /api/appointments/reminder-preferences/{id}` (the appointments module's contract, ADR
 * 0021): how the patient is reminded of appointments. The key starts with 'appointments'.
 */
import {
  reminderPreferenceSchema,
  type UpdateReminderPreferenceInput,
} from '@painlab/shared/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

const path = (patientId: string) =>
  `/api/appointments/reminder-preferences/${encodeURIComponent(patientId)}`;
const keyOf = (patientId: string) => ['appointments', 'reminder-preference', patientId];

export function useReminderPreference(patientId: string) {
  const queryKey = keyOf(patientId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get(path(patientId), reminderPreferenceSchema, signal),
    ...cachePolicy(queryKey),
    retry: retryTransient,
  });
}

export function useSaveReminderPreference(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateReminderPreferenceInput) =>
      apiJson(path(patientId), reminderPreferenceSchema, { method: 'PUT', body: input }),
    retry: false,
    onSuccess: (saved) => queryClient.setQueryData(keyOf(patientId), saved),
  });
}
