/** Outbox rows → API shapes. */
import type { OutboxMessage, OutboxMessageSummary } from '@painlab/shared/outbox';
import type { DetailRow, SummaryRow } from './outbox.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(row: SummaryRow, maxAttempts: number): OutboxMessageSummary {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    language: row.language,
    template: row.template,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    maxAttempts,
    // only a message that will be attempted has a next attempt
    nextAttemptAt:
      row.status === 'queued' || row.status === 'failed' ? iso(row.nextAttemptAt) : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  };
}

export function toMessage(row: DetailRow, maxAttempts: number): OutboxMessage {
  return {
    ...toSummary(row, maxAttempts),
    text: row.text,
    html: row.html,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `nextCursor`: the last row's exact created_at (µs) and id. */
export const cursorOf = (row: SummaryRow) => `${row.createdUs}_${row.id}`;

export function parseCursor(cursor: string): { createdUs: string; id: string } | null {
  const match = /^(\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    cursor,
  );
  return match ? { createdUs: match[1]!, id: match[2]! } : null;
}
