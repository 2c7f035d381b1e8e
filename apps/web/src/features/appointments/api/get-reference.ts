/** Appointment types, specialists and the clinic's settings: small lists every screen reads. */
import {
  appointmentSettingsSchema,
  appointmentTypeSchema,
  bookableSpecialistListSchema,
} from '@painlab/shared/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

const typeListSchema = z.object({ items: z.array(appointmentTypeSchema) });

export function typesQueryOptions() {
  const queryKey = appointmentKeys.types();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/appointments/types', typeListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function specialistsQueryOptions() {
  const queryKey = appointmentKeys.specialists();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get('/api/appointments/specialists', bookableSpecialistListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function settingsQueryOptions() {
  const queryKey = appointmentKeys.settings();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get('/api/appointments/settings', appointmentSettingsSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const useTypes = () => useQuery(typesQueryOptions());
export const useSpecialists = () => useQuery(specialistsQueryOptions());
export const useAppointmentSettings = () => useQuery(settingsQueryOptions());
