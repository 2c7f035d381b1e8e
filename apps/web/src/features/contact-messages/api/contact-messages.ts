/**
 * `GET /api/admin/contact-messages` (open ones first, newest first) and
 * `PATCH /api/admin/contact-messages/{id}` `{ handled }`. Keys start with 'contact-messages' (the
 * cache policy reads "message": a short lifetime).
 */
import { contactMessageListSchema, contactMessageSchema } from '@painlab/shared/site-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  list: () => ['contact-messages', 'list'] as const,
};

export function contactMessagesQueryOptions() {
  const queryKey = contactMessageKeys.list();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get('/api/admin/contact-messages', contactMessageListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}

export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['contact-messages', 'mark'],
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      apiJson(`/api/admin/contact-messages/${encodeURIComponent(id)}`, contactMessageSchema, {
        method: 'PATCH',
        body: { handled },
      }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
