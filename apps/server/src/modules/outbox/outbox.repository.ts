/** The administrators' view of the outbox: SQL only. Keyset pages, newest first. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OutboxChannel, OutboxStatus } from '@painlab/shared/outbox';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { outboxMessage } from '../../db/schema';

type Q = Db | Tx;

const summaryColumns = {
  id: outboxMessage.id,
  channel: outboxMessage.channel,
  recipient: outboxMessage.recipient,
  language: outboxMessage.language,
  template: outboxMessage.template,
  subject: outboxMessage.subject,
  status: outboxMessage.status,
  attempts: outboxMessage.attempts,
  nextAttemptAt: outboxMessage.nextAttemptAt,
  lastError: outboxMessage.lastError,
  createdAt: outboxMessage.createdAt,
  sentAt: outboxMessage.sentAt,
  patientId: outboxMessage.patientId,
  /** created_at in whole microseconds (a Date keeps milliseconds only): the cursor's exact key. */
  createdUs: sql<string>`(extract(epoch from ${outboxMessage.createdAt}) * 1000000)::bigint::text`,
};

const detailColumns = {
  ...summaryColumns,
  text: outboxMessage.text,
  html: outboxMessage.html,
  updatedAt: outboxMessage.updatedAt,
};

export type SummaryRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];
export type DetailRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export interface ListFilter {
  status?: OutboxStatus;
  channel?: OutboxChannel;
  after?: { createdUs: string; id: string };
  limit: number;
}

export async function listMessages(q: Q, filter: ListFilter) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(outboxMessage.status, filter.status));
  if (filter.channel) where.push(eq(outboxMessage.channel, filter.channel));
  if (filter.after)
    where.push(
      sql`(${outboxMessage.createdAt}, ${outboxMessage.id}) < ('epoch'::timestamptz + ${filter.after.createdUs}::bigint * interval '1 microsecond', ${filter.after.id}::uuid)`,
    );
  const rows = await q
    .select(summaryColumns)
    .from(outboxMessage)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id))
    .limit(filter.limit + 1);
  return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
}

export async function findMessage(q: Q, id: string, forUpdate = false) {
  const query = q.select(detailColumns).from(outboxMessage).where(eq(outboxMessage.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Due again now, with a full set of attempts; the last error stays until the next attempt. */
export async function requeue(q: Q, id: string) {
  await q
    .update(outboxMessage)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      leaseUntil: null,
      claimToken: null,
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessage.id, id));
}

/** Demo data only (outbox.seed.ts): puts a freshly queued message in a past state. */
export async function setDemoState(
  q: Q,
  id: string,
  state: {
    status: OutboxStatus;
    attempts: number;
    lastError?: string;
    /** Minutes from now: negative in the past. */
    createdMin: number;
    nextAttemptMin?: number;
  },
) {
  const at = (min: number) => sql`now() + ${min} * interval '1 minute'`;
  await q
    .update(outboxMessage)
    .set({
      status: state.status,
      attempts: state.attempts,
      lastError: state.lastError ?? null,
      createdAt: at(state.createdMin),
      updatedAt: at(state.createdMin + 1),
      nextAttemptAt: at(state.nextAttemptMin ?? state.createdMin),
      sentAt: state.status === 'sent' ? at(state.createdMin + 1) : null,
    })
    .where(eq(outboxMessage.id, id));
}
