/**
 * The bell's query: `GET /api/messages/unread` → `{ messages, notifications }`. It is in every
 * signed-in first load, so it parses by hand (`unreadSchema` of `@painlab/shared/messages`, without
 * zod: the shared schemas would put ~22 KB into the shell) and imports no mutation code.
 */
import type { Unread } from '@painlab/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const UNREAD_KEY = ['notifications', 'unread'] as const;

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

export const unreadParser: Parser<Unread> = {
  parse(value) {
    const v = value as Partial<Record<keyof Unread, unknown>> | null;
    const messages = count(v?.messages);
    const notifications = count(v?.notifications);
    if (messages === null || notifications === null) {
      throw new TypeError('Invalid /api/messages/unread response');
    }
    return { messages, notifications };
  },
};

export function useUnread() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api.get('/api/messages/unread', unreadParser, signal),
    ...cachePolicy([...UNREAD_KEY]),
    retry: retryTransient,
  });
}
