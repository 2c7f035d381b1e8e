/**
 * Queueing a message: `enqueue(tx, message)` writes it to the outbox with the caller's transaction
 * handle, so the message exists exactly when the change that causes it commits (a rollback leaves
 * nothing queued). The worker (outbox-worker.ts) delivers it afterwards. The template is rendered
 * here: the row keeps exactly what will be sent.
 *
 * Never send mail or SMS from a request; never log a message's text (it may hold codes and links).
 */
import { and, inArray, sql } from 'drizzle-orm';
import { isPlaceholderEmail } from '@painlab/shared/account';
import type { MessageLanguage, OutboxAttachment, OutboxChannel } from '@painlab/shared/outbox';
import type { Tx } from '../audit/audit';
import type { Db } from '../db/client';
import { outboxMessage } from '../db/schema';
import { renderMessage, type TemplateId, type TemplateParams } from './templates/templates';

/** Why a message to an account's placeholder address (ADR 0043) is never sent. */
export const NO_ADDRESS_ERROR = 'no e-mail address: the account was made with a phone number';

/** The channel NOTIFY'd when a message is queued (PostgreSQL delivers it at commit). */
export const OUTBOX_NOTIFY_CHANNEL = 'painlab_outbox';

export interface NewMessage<T extends TemplateId> {
  channel: OutboxChannel;
  /** An e-mail address or a phone number (E.164 or as entered). */
  to: string;
  /** The recipient's language; null when unknown (the message carries both). */
  language: MessageLanguage | null;
  template: T;
  params: TemplateParams<T>;
  /** The patient the message is about (administrators' reads of it are audited with this id). */
  patientId?: string | null;
  /** Idempotency key: a message with the same key already queued (or sent) is not added again. */
  dedupeKey?: string;
  /** Files sent with an e-mail (a calendar invitation); kept in the row, so what is sent is what is stored. */
  attachments?: OutboxAttachment[];
}

/**
 * Queues a message in `tx` (a transaction handle, or the database handle for a message that is
 * its own change). Returns its id, and whether it was added (false: the dedupe key existed). An
 * e-mail to an account's placeholder address (`…@phone.invalid`) is stored as dead, never sent.
 */
export async function enqueue<T extends TemplateId>(
  tx: Tx | Db,
  message: NewMessage<T>,
): Promise<{ id: string; created: boolean }> {
  // an account made with a phone number has no real address yet (ADR 0043): the message is kept,
  // as undeliverable (admins see why at /admin/outbox), and nothing is sent
  const noAddress = message.channel === 'email' && isPlaceholderEmail(message.to);
  const rendered = renderMessage(
    message.template,
    message.channel,
    message.language,
    message.params,
  );
  const [row] = await tx
    .insert(outboxMessage)
    .values({
      channel: message.channel,
      recipient: message.to,
      language: message.language,
      template: message.template,
      params: message.params,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      patientId: message.patientId ?? null,
      dedupeKey: message.dedupeKey ?? null,
      attachments: message.attachments?.length ? message.attachments : null,
      ...(noAddress ? { status: 'dead' as const, lastError: NO_ADDRESS_ERROR } : {}),
    })
    .onConflictDoNothing({ target: outboxMessage.dedupeKey })
    .returning({ id: outboxMessage.id });
  if (row) {
    // transactional: listeners hear it only if (and when) the caller's transaction commits
    await tx.execute(sql`select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, ${message.channel})`);
    return { id: row.id, created: true };
  }
  const [existing] = await tx
    .select({ id: outboxMessage.id })
    .from(outboxMessage)
    .where(sql`${outboxMessage.dedupeKey} = ${message.dedupeKey ?? null}`);
  if (!existing) throw new Error('outbox: dedupe conflict without a row');
  return { id: existing.id, created: false };
}

/**
 * Withdraws messages that have not been sent, in the caller's transaction: a reminder for an
 * appointment cancelled or moved meanwhile. A `sending` one goes too: its worker's result then
 * matches no row, and if that worker died, no other takes it after the lease (only a delivery
 * already under way at this moment can still leave). Sent messages stay. Returns the ids deleted.
 */
export async function withdrawUnsent(tx: Tx | Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await tx
    .delete(outboxMessage)
    .where(
      and(
        inArray(outboxMessage.id, [...ids]),
        inArray(outboxMessage.status, ['queued', 'sending', 'failed', 'dead']),
      ),
    )
    .returning({ id: outboxMessage.id });
  return deleted.map((r) => r.id);
}
