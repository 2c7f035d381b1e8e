/** `GET /api/appointments/slots`: the free slots of a type with a specialist over local days. */
import { slotListSchema } from '@painlab/shared/appointments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function useSlots(specialistId: string, typeId: string, from: string, to: string) {
  const q = new URLSearchParams({ specialistId, typeId, from, to });
  return useQuery({
    queryKey: appointmentKeys.slots(specialistId, typeId, from, to),
    queryFn: ({ signal }) => api.get(`/api/appointments/slots?${q}`, slotListSchema, signal),
    enabled: Boolean(specialistId && typeId && from && to),
    // free slots change with every booking: always asked again
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
