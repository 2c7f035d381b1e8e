/**
 * The outbox as administrators use it: read the messages (they may hold codes, links and personal
 * data: the routes are for `users:edit`, the administrators' account power, since a queued sign-in
 * link is as good as the account), and retry one. Every read and retry is audited; a message about
 * a patient puts the patient's id on its audit row. Queueing is `enqueue` in jobs/outbox.ts.
 */
import type { OutboxList, OutboxListQuery, OutboxMessageResponse } from '@painlab/shared/outbox';
import { appendAudit, appendAuditMany, auditEvent, type Actor } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { cursorOf, parseCursor, toMessage, toSummary } from './outbox.mapping';
import { findMessage, listMessages, requeue } from './outbox.repository';

export async function listOutbox(
  deps: Deps,
  actor: Actor,
  query: OutboxListQuery,
): Promise<OutboxList> {
  const after = query.cursor === undefined ? undefined : parseCursor(query.cursor);
  if (after === null) throw DomainError.invalidField('cursor', 'invalid_cursor');
  const { maxAttempts, providers } = deps.outbox;
  return deps.database.db.transaction(async (tx) => {
    const { rows, more } = await listMessages(tx, {
      status: query.status,
      channel: query.channel,
      after,
      limit: query.limit,
    });
    // one row for the page, and one per message about a patient (ADR 0011)
    await appendAuditMany(tx, [
      auditEvent(actor, {
        action: 'outbox.list',
        outcome: 'success',
        resource: 'outbox',
        details: {
          count: rows.length,
          status: query.status ?? null,
          channel: query.channel ?? null,
        },
      }),
      ...rows
        .filter((r) => r.patientId)
        .map((r) =>
          auditEvent(actor, {
            action: 'outbox.list',
            outcome: 'success',
            resource: 'outbox',
            recordId: r.id,
            patientId: r.patientId,
          }),
        ),
    ]);
    return {
      items: rows.map((r) => toSummary(r, maxAttempts)),
      nextCursor: more && rows.length ? cursorOf(rows.at(-1)!) : null,
      providers,
    };
  });
}

export async function getOutboxMessage(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<OutboxMessageResponse> {
  return deps.database.db.transaction(async (tx) => {
    const row = await findMessage(tx, id);
    if (!row) throw DomainError.notFound();
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'outbox.view',
        outcome: 'success',
        resource: 'outbox',
        recordId: id,
        patientId: row.patientId,
      }),
    );
    return { message: toMessage(row, deps.outbox.maxAttempts), providers: deps.outbox.providers };
  });
}

/**
 * A queued, failed or dead message is due again now with a full set of attempts. One being sent
 * or already sent is a conflict (a sent message is not sent twice by a click).
 */
export async function retryOutboxMessage(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<OutboxMessageResponse> {
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await findMessage(tx, id, true);
    if (!row) throw DomainError.notFound();
    if (row.status === 'sent' || row.status === 'sending') throw DomainError.conflict();
    await requeue(tx, id);
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'outbox.retry',
        outcome: 'success',
        resource: 'outbox',
        recordId: id,
        patientId: row.patientId,
        details: { from: row.status, attempts: row.attempts },
      }),
    );
    const updated = (await findMessage(tx, id))!;
    return {
      message: toMessage(updated, deps.outbox.maxAttempts),
      providers: deps.outbox.providers,
    };
  });
  deps.outbox.wake();
  return result;
}
