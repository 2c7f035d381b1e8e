/**
 * The audit trail. Every auth event, every permission denial and (in later modules) every read and
 * write of patient data appends one row through `appendAudit`, inside the same transaction as the
 * change it records. Rows are hash-chained (sha256 over the previous hash and the row's fields), so
 * a changed or removed row breaks the chain; a trigger rejects UPDATE, DELETE and TRUNCATE.
 * Rows never hold patient data: ids, actions and outcomes only.
 */
import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditOutcome = 'success' | 'failure' | 'denied';
export type AuditDetails = Record<string, string | number | boolean | null>;

export interface AuditEvent {
  action: string;
  outcome: AuditOutcome;
  actorUserId?: string | null;
  actorRole?: string | null;
  resource?: string | null;
  recordId?: string | null;
  patientId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: AuditDetails | null;
}

/** A transaction handle (or a database handle a caller has already put inside one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises appends so two concurrent transactions never chain onto the same previous row. */
const AUDIT_LOCK_KEY = 7_274_274;

export interface HashInput {
  prevHash: string | null;
  occurredAtMs: number;
  actorUserId: string | null;
  actorRole: string | null;
  action: string;
  resource: string | null;
  recordId: string | null;
  patientId: string | null;
  outcome: string;
  ip: string | null;
  requestId: string | null;
  details: AuditDetails | null;
}

function canonical(details: AuditDetails | null): string {
  if (!details) return 'null';
  const keys = Object.keys(details).sort();
  return JSON.stringify(keys.map((k) => [k, details[k]]));
}

export function hashAuditRow(row: HashInput): string {
  const parts = [
    row.prevHash ?? '',
    String(row.occurredAtMs),
    row.actorUserId ?? '',
    row.actorRole ?? '',
    row.action,
    row.resource ?? '',
    row.recordId ?? '',
    row.patientId ?? '',
    row.outcome,
    row.ip ?? '',
    row.requestId ?? '',
    canonical(row.details),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Appends one row. Call it with the transaction that makes the change being recorded. */
export async function appendAudit(tx: Tx, event: AuditEvent): Promise<void> {
  await appendAuditMany(tx, [event]);
}

/** Appends rows in order under one lock and one chain read (for bulk changes such as an import). */
export async function appendAuditMany(tx: Tx, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  let prevHash = last?.hash ?? null;
  const occurredAtMs = Date.now();
  const rows = events.map((event) => {
    const row: HashInput = {
      prevHash,
      occurredAtMs,
      actorUserId: event.actorUserId ?? null,
      actorRole: event.actorRole ?? null,
      action: event.action,
      resource: event.resource ?? null,
      recordId: event.recordId ?? null,
      patientId: event.patientId ?? null,
      outcome: event.outcome,
      ip: event.ip ?? null,
      requestId: event.requestId ?? null,
      details: event.details ?? null,
    };
    const hash = hashAuditRow(row);
    prevHash = hash;
    return { ...row, occurredAt: new Date(occurredAtMs).toISOString(), hash };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(auditLog).values(rows.slice(i, i + 1000));
  }
}

/** For events that change nothing else (sign-in, denial): one transaction with just the audit row. */
export function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  return db.transaction((tx) => appendAudit(tx, event));
}

/** Who acts and from where: copied onto every audit row of a request. */
export interface Actor {
  userId: string | null;
  role: string | null;
  ip: string | null;
  requestId: string | null;
}

export function auditEvent(
  actor: Actor,
  event: Omit<AuditEvent, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>,
): AuditEvent {
  return { ...event, actorUserId: actor.userId, actorRole: actor.role, ip: actor.ip, requestId: actor.requestId };
}
