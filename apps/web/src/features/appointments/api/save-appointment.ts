/**
 * Booking (staff), a patient's request, status changes, cancelling, and the .ics download. Each
 * write refreshes the agenda, the patient's own list and the free slots.
 */
import {
  appointmentSchema,
  seriesCreatedSchema,
  seriesPreviewSchema,
  type CancelAppointmentInput,
  type CreateAppointmentInput,
  type CreateSeriesInput,
  type RequestAppointmentInput,
  type RescheduleAppointmentInput,
  type TransitionAppointmentInput,
} from '@painlab/shared/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { appointmentKeys, appointmentPath } from './keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
}

export function useBookAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'create'],
    mutationFn: (input: CreateAppointmentInput) =>
      apiJson('/api/appointments', appointmentSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

/** A recurring series' dates and which are taken (nothing saved). */
export function useSeriesPreview() {
  return useMutation({
    mutationKey: ['appointments', 'series-preview'],
    mutationFn: (input: CreateSeriesInput) =>
      apiJson('/api/appointments/series/preview', seriesPreviewSchema, {
        method: 'POST',
        body: input,
      }),
    retry: false,
  });
}

/** Books a recurring series: every date, or with `skipConflicts` only the free ones. */
export function useCreateSeries() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'series'],
    mutationFn: (input: CreateSeriesInput) =>
      apiJson('/api/appointments/series', seriesCreatedSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useRequestAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'request'],
    mutationFn: (input: RequestAppointmentInput) =>
      apiJson('/api/appointments/mine', appointmentSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useTransitionAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'status'],
    mutationFn: ({ id, ...input }: TransitionAppointmentInput & { id: string }) =>
      apiJson(`${appointmentPath(id)}/status`, appointmentSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useCancelAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'cancel'],
    mutationFn: ({ id, ...input }: CancelAppointmentInput & { id: string }) =>
      apiJson(`${appointmentPath(id)}/cancel`, appointmentSchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

/** Saves the appointment's .ics file (in the UI language). */
export async function downloadIcs(id: string): Promise<void> {
  const response = await apiRequest(`${appointmentPath(id)}/ics`, { accept: 'text/calendar' });
  const blob = await response.blob();
  saveBlob(
    blob,
    filenameFromDisposition(response.headers.get('content-disposition')) ?? 'appointment.ics',
  );
}

/** The next visit from this one (same patient, specialist, place and type). */
export function useRebookAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'rebook'],
    mutationFn: ({ id, startsAt }: { id: string; startsAt: string }) =>
      apiJson(`${appointmentPath(id)}/rebook`, appointmentSchema, {
        method: 'POST',
        body: { startsAt },
      }),
    retry: false,
    onSettled: () => refresh(),
  });
}

/** Move an appointment to another free time (from the version read; a stale one is a 409). */
export function useRescheduleAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['appointments', 'reschedule'],
    mutationFn: ({ id, ...input }: RescheduleAppointmentInput & { id: string }) =>
      apiJson(appointmentPath(id), appointmentSchema, { method: 'PATCH', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}
