/**
 * The messages API: threads (list, one, create), replies, read receipts, recipients and quick
 * replies. Keys start with 'messages' (SPEC §9: medium priority, 1 min); the realtime stream
 * (hooks/use-event-stream.ts) invalidates them when something changes.
 */
import {
  quickReplySchema,
  recipientSchema,
  threadListSchema,
  threadSchema,
  unreadSchema,
  type CreateThreadInput,
  type PostMessageInput,
} from '@painlab/shared/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiErrorFromBody, apiJson, currentRequestLanguage } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const messageKeys = {
  all: ['messages'] as const,
  threads: () => ['messages', 'threads'] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  recipients: (q: string) => ['messages', 'recipients', q] as const,
  quickReplies: (lang: string) => ['messages', 'quick-replies', lang] as const,
};

const threadPath = (id: string) => `/api/messages/threads/${encodeURIComponent(id)}`;

export function threadsQueryOptions() {
  const queryKey = messageKeys.threads();
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get('/api/messages/threads?limit=100', threadListSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}
export const useThreads = () => useQuery(threadsQueryOptions());

export function threadQueryOptions(id: string) {
  const queryKey = messageKeys.thread(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(threadPath(id), threadSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}
export const useThread = (id: string | null) =>
  useQuery({ ...threadQueryOptions(id ?? ''), enabled: !!id });

const itemsOf = <T extends z.ZodType>(schema: T) => z.object({ items: z.array(schema) });

export function useRecipients(q: string, enabled: boolean) {
  const queryKey = messageKeys.recipients(q);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/messages/recipients${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        itemsOf(recipientSchema),
        signal,
      ),
    ...cachePolicy([...queryKey]),
    enabled,
  });
}

export function useQuickReplies(lang: string, enabled: boolean) {
  const queryKey = messageKeys.quickReplies(lang);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get('/api/messages/quick-replies', itemsOf(quickReplySchema), signal),
    ...cachePolicy([...queryKey]),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messageKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    ]);
}

export function useCreateThread() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['messages', 'create'],
    mutationFn: (input: CreateThreadInput) =>
      apiJson('/api/messages/threads', threadSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: () => refresh(),
  });
}

export function usePostMessage(id: string) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['messages', 'post'],
    mutationFn: (input: PostMessageInput) =>
      apiJson(`${threadPath(id)}/messages`, threadSchema, { method: 'POST', body: input }),
    retry: false,
    onSuccess: (thread) => {
      queryClient.setQueryData(messageKeys.thread(id), thread);
      return refresh();
    },
  });
}

export function useMarkRead(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['messages', 'read'],
    mutationFn: () => apiJson(`${threadPath(id)}/read`, unreadSchema, { method: 'POST', body: {} }),
    retry: false,
    onSuccess: () => refresh(),
  });
}

/** Sends a file as a message: the raw file as the body, its type as Content-Type. */
export function useSendAttachment(id: string) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['messages', 'attach'],
    mutationFn: async (file: File) => {
      const response = await fetch(
        `${threadPath(id)}/attachments?name=${encodeURIComponent(file.name)}`,
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            Accept: 'application/json',
            'Accept-Language': currentRequestLanguage(),
            'Content-Type': file.type || 'application/octet-stream',
          },
          body: file,
        },
      );
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, body);
      return threadSchema.parse(body);
    },
    retry: false,
    onSuccess: (thread) => {
      queryClient.setQueryData(messageKeys.thread(id), thread);
      return refresh();
    },
  });
}

export const attachmentHref = (id: string) => `/api/messages/attachments/${encodeURIComponent(id)}`;
