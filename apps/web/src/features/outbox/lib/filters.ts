/** The Outbox screen's filters, kept in the URL (`?status=…&channel=…`). */
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from '@painlab/shared/outbox';

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxFilters = { status?: OutboxStatus; channel?: OutboxChannel };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function filtersFromSearchParams(params: URLSearchParams): OutboxFilters {
  const status = oneOf(OUTBOX_STATUSES, params.get('status'));
  const channel = oneOf(OUTBOX_CHANNELS, params.get('channel'));
  return { ...(status ? { status } : {}), ...(channel ? { channel } : {}) };
}

/** The API query for a page: filters, page size and the cursor of the previous page. */
export function outboxListSearch(filters: OutboxFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.channel) params.set('channel', filters.channel);
  params.set('limit', String(OUTBOX_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `?${params.toString()}`;
}
