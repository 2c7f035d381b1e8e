/**
 * Query keys of the outbox module. They start with 'outbox-messages' (the cache policy reads
 * "message": a short lifetime, SPEC §9).
 */
import type { OutboxFilters } from '../lib/filters';

export const outboxKeys = {
  all: ['outbox-messages'] as const,
  lists: () => ['outbox-messages', 'list'] as const,
  list: (filters: OutboxFilters) => ['outbox-messages', 'list', filters] as const,
  detail: (id: string) => ['outbox-messages', 'detail', id] as const,
};

export const outboxPath = (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}`;
