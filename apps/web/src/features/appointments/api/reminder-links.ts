/**
 * A reminder's confirm and cancel links (public, ADR 0021): what the link is for, then the one
 * action it allows. The token travels in the JSON body, never in a URL.
 */
import {
  reminderLinkResultSchema,
  reminderLinkViewSchema,
  type ReminderLinkPurpose,
} from '@painlab/shared/reminders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useReminderLinkView(purpose: ReminderLinkPurpose, token: string | null) {
  return useQuery({
    queryKey: ['appointments', 'link', purpose, token ? 'token' : 'none'],
    queryFn: () =>
      apiJson('/api/appointment-links/view', reminderLinkViewSchema, {
        method: 'POST',
        body: { purpose, token },
      }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useReminderLinkAction(purpose: ReminderLinkPurpose, token: string | null) {
  return useMutation({
    mutationFn: () =>
      apiJson(`/api/appointment-links/${purpose}`, reminderLinkResultSchema, {
        method: 'POST',
        body: { token },
      }),
  });
}
