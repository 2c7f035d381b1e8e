/**
 * The appointments waitlist (ADR 0032): the live list (staff: everyone; a patient: their own), adding
 * and removing entries, answering an offer from the patient's page, and the offer's public link
 * (the token travels in the JSON body, never in a URL).
 */
import {
  waitlistEntrySchema,
  waitlistLinkViewSchema,
  waitlistListSchema,
  waitlistOfferResultSchema,
  type CreateWaitlistEntryInput,
} from '@painlab/shared/waitlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson, apiRequest } from '../../../lib/api-client';
import { retryTransient } from '../../../lib/query-client';
import { appointmentKeys } from './keys';

export function waitlistQueryOptions() {
  return queryOptions({
    queryKey: appointmentKeys.waitlist(),
    queryFn: ({ signal }) => api.get('/api/appointments/waitlist', waitlistListSchema, signal),
    retry: retryTransient,
  });
}

export const useWaitlist = (enabled = true) => useQuery({ ...waitlistQueryOptions(), enabled });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
}

export function useAddToWaitlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateWaitlistEntryInput) =>
      apiJson('/api/appointments/waitlist', waitlistEntrySchema, { method: 'POST', body: input }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useRemoveFromWaitlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/appointments/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useAnswerOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'take' | 'decline' }) =>
      apiJson(
        `/api/appointments/waitlist/offers/${encodeURIComponent(id)}/${answer}`,
        waitlistOfferResultSchema,
        { method: 'POST' },
      ),
    retry: false,
    onSettled: () => refresh(),
  });
}

export function useOfferLinkView(token: string | null) {
  return useQuery({
    queryKey: ['appointments', 'waitlist-link', token ? 'token' : 'none'],
    queryFn: () =>
      apiJson('/api/waitlist-offer-links/view', waitlistLinkViewSchema, {
        method: 'POST',
        body: { token },
      }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useOfferLinkAnswer(token: string | null) {
  return useMutation({
    mutationFn: (answer: 'take' | 'decline') =>
      apiJson(`/api/waitlist-offer-links/${answer}`, waitlistOfferResultSchema, {
        method: 'POST',
        body: { token },
      }),
  });
}
