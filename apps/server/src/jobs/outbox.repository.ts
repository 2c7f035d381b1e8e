/**
 * The worker's SQL. A message is taken with FOR UPDATE SKIP LOCKED and marked 'sending' with a
 * fresh claim token and a lease, in one short statement; it is delivered outside any transaction;
 * its result is written only if the claim token still matches (a lease that ran out and was taken
 * by another worker makes the late result of the first one a no-op). Times come from the
 * database's clock, so every instance agrees on them.
 */
import { sql } from 'drizzle-orm';
import type { OutboxAttachment, OutboxChannel } from '@painlab/shared/outbox';
import type { Db } from '../db/client';

export interface ClaimedMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
  attempts: number;
  claimToken: string;
}

/**
 * Takes up to `limit` due messages of `channels`: queued or failed ones whose next attempt is due,
 * and 'sending' ones whose lease ran out (their worker died mid-delivery) with attempts left.
 */
export async function claimDue(
  db: Db,
  channels: readonly OutboxChannel[],
  limit: number,
  leaseMs: number,
  maxAttempts: number,
): Promise<ClaimedMessage[]> {
  if (channels.length === 0) return [];
  const list = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = await db.execute<{
    id: string;
    channel: OutboxChannel;
    recipient: string;
    subject: string | null;
    text: string;
    html: string | null;
    attachments: OutboxAttachment[] | null;
    attempts: number;
    claim_token: string;
  }>(sql`
    with picked as (
      select id from outbox_message
      where channel in (${list})
        and attempts < ${maxAttempts}
        and ((status in ('queued', 'failed') and next_attempt_at <= now())
          or (status = 'sending' and lease_until < now()))
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update outbox_message m
    set status = 'sending', attempts = m.attempts + 1, claim_token = gen_random_uuid(),
        lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from picked where m.id = picked.id
    returning m.id, m.channel, m.recipient, m.subject, m.text, m.html, m.attachments, m.attempts, m.claim_token`);
  return result.rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    text: r.text,
    html: r.html,
    attachments: r.attachments,
    attempts: Number(r.attempts),
    claimToken: r.claim_token,
  }));
}

/**
 * 'sending' messages whose lease ran out after their last attempt: dead (they may have gone out;
 * an administrator decides whether to retry).
 */
export async function buryExpiredLeases(db: Db, maxAttempts: number): Promise<number> {
  const result = await db.execute(sql`
    update outbox_message
    set status = 'dead', lease_until = null, claim_token = null, updated_at = now(),
        last_error = 'The delivering process stopped during the last attempt (lease expired)'
    where status = 'sending' and lease_until < now() and attempts >= ${maxAttempts}`);
  return result.rowCount ?? 0;
}

/**
 * The secrets a message carries in its links (`?token=`, `?invite=`, `?t=`, a `#token` fragment of
 * 20 or more base64url characters), removed from the stored copy once it has been delivered: the
 * text and HTML keep their words with the links cut, and the template's parameters and the
 * attachments (a workshop's calendar file carries its cancel link) are dropped — the message was
 * rendered when queued and a sent message is never sent again. So a copy of the database (or an
 * administrator's screen) holds no working link of a delivered message. Before delivery the link must
 * stay: without a mail server an administrator passes it on from the outbox screen.
 */
const scrubbed = (column: 'text' | 'html') =>
  sql.raw(
    `regexp_replace(regexp_replace(${column}, '([?&](token|invite|t)=)[^[:space:]&#"''<>]+', '\\1[…]', 'g'), '(#)[A-Za-z0-9_-]{20,}', '\\1[…]', 'g')`,
  );

export async function markSent(db: Db, id: string, claimToken: string): Promise<boolean> {
  const result = await db.execute(sql`
    update outbox_message
    set status = 'sent', sent_at = now(), updated_at = now(), lease_until = null,
        claim_token = null, next_attempt_at = now(),
        text = ${scrubbed('text')}, html = ${scrubbed('html')},
        params = '{}'::jsonb, attachments = null
    where id = ${id} and claim_token = ${claimToken} and status = 'sending'`);
  return (result.rowCount ?? 0) > 0;
}

/** A failed attempt: 'failed' with its next attempt in `retryInMs`, or 'dead' when `retryInMs` is null. */
export async function markFailed(
  db: Db,
  id: string,
  claimToken: string,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const result = await db.execute(sql`
    update outbox_message
    set status = ${retryInMs === null ? 'dead' : 'failed'}, last_error = ${error},
        next_attempt_at = now() + ${retryInMs ?? 0} * interval '1 millisecond',
        updated_at = now(), lease_until = null, claim_token = null
    where id = ${id} and claim_token = ${claimToken} and status = 'sending'`);
  return (result.rowCount ?? 0) > 0;
}
