/** The no-show report (administrators) and the clinic's reminder hours (ADR 0021). */
import { appointmentSettingsSchema } from '@painlab/shared/appointments';
import { noShowReportSchema } from '@painlab/shared/reminders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function noShowReportQueryOptions(from: string, to: string) {
  const queryKey = ['appointments', 'no-shows', from, to] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/appointments/no-shows?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        noShowReportSchema,
        signal,
      ),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
    placeholderData: (previous) => previous,
  });
}

export const useNoShowReport = (from: string, to: string) =>
  useQuery(noShowReportQueryOptions(from, to));

export function useSaveReminderHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['appointments', 'settings', 'reminders'],
    mutationFn: (reminderHours: number[]) =>
      apiJson('/api/appointments/settings', appointmentSettingsSchema, {
        method: 'PATCH',
        body: { reminderHours },
      }),
    retry: false,
    onSuccess: (settings) => queryClient.setQueryData(appointmentKeys.settings(), settings),
  });
}
