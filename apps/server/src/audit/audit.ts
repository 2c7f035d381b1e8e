/**
 * The audit trail. Every auth event, every permission denial and every read and write of patient
 * data appends one row through `appendAudit`, inside the same transaction as the change it records.
 * Rows never hold patient data: ids, actions and outcomes only.
 *
 * Rows are hash-chained (sha256 over the previous row's hash and the row's fields), so a changed or
 * removed row breaks the chain. Chaining is deferred: a request inserts its row unsealed, with no
 * lock, and `sealAuditChain` (run every second by the sealer, at start, at shutdown and before every
 * verification) gives waiting rows their place (`seq`), `prev_hash` and `hash` under one advisory
 * lock. Chaining inside each request serialised every audited read behind one lock and one commit
 * at a time (bench: 129 req/s against 2,184 for a bare read). Triggers reject DELETE, TRUNCATE and
 * any UPDATE but that one-time sealing.
 */
import { createHash } from 'node:crypto';
import { asc, desc, isNotNull, isNull, sql } from 'drizzle-orm';
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

/** Serialises sealing so two sealers (or two server instances) never chain onto the same row. */
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

/** Appends rows (unsealed) in one statement per thousand rows. */
export async function appendAuditMany(tx: Tx, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const occurredAt = new Date().toISOString();
  const rows = events.map((event) => ({
    occurredAt,
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
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(auditLog).values(rows.slice(i, i + 1000));
  }
}

/** The columns a row's hash covers, as the sealer and the verifier read them. */
export const hashedColumns = {
  id: auditLog.id,
  occurredAtMs: sql<string>`(extract(epoch from ${auditLog.occurredAt}) * 1000)::bigint`,
  actorUserId: auditLog.actorUserId,
  actorRole: auditLog.actorRole,
  action: auditLog.action,
  resource: auditLog.resource,
  recordId: auditLog.recordId,
  patientId: auditLog.patientId,
  outcome: auditLog.outcome,
  ip: auditLog.ip,
  requestId: auditLog.requestId,
  details: auditLog.details,
};

const SEAL_BATCH = 2000;

/** Chains every committed, unsealed row, oldest first. Returns how many rows it sealed. */
export async function sealAuditChain(db: Db): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
      const [last] = await tx
        .select({ seq: auditLog.seq, hash: auditLog.hash })
        .from(auditLog)
        .where(isNotNull(auditLog.seq))
        .orderBy(desc(auditLog.seq))
        .limit(1);
      const rows = await tx
        .select(hashedColumns)
        .from(auditLog)
        .where(isNull(auditLog.seq))
        .orderBy(asc(auditLog.id))
        .limit(SEAL_BATCH);
      if (rows.length === 0) return 0;
      let prevHash = last?.hash ?? null;
      let seq = last?.seq ?? 0;
      const values = rows.map((row) => {
        const hash = hashAuditRow({ ...row, prevHash, occurredAtMs: Number(row.occurredAtMs), details: row.details ?? null });
        const sealedRow = sql`(${row.id}::bigint, ${++seq}::bigint, ${prevHash}::text, ${hash}::text)`;
        prevHash = hash;
        return sealedRow;
      });
      await tx.execute(sql`
        update ${auditLog} as a set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
        from (values ${sql.join(values, sql`, `)}) as v(id, seq, prev_hash, hash)
        where a.id = v.id`);
      return rows.length;
    });
    sealed += count;
    if (count < SEAL_BATCH) return sealed;
  }
}

/** Seals every second; `stop` seals one last time. Errors are logged and retried on the next tick. */
export function startAuditSealer(db: Db, onError: (error: unknown) => void, intervalMs = 1000) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sealAuditChain(db)).catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await sealAuditChain(db).catch(onError);
    },
  };
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

/**
 * Audit rows of reads, written in batches: each caller waits until its row is committed (so no data
 * leaves the server unaudited), and rows of concurrent requests share one insert and one commit.
 * A batch starts on the next tick after the first row and takes everything queued by then; rows
 * that arrive while it is written go into the next. Writes keep `appendAudit` in their transaction.
 */
export interface AuditWriter {
  record(event: AuditEvent): Promise<void>;
}

export function createAuditWriter(db: Db): AuditWriter {
  let queue: { event: AuditEvent; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await db.transaction((tx) => appendAuditMany(tx, batch.map((b) => b.event)));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    flushing = false;
  }

  return {
    record: (event) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        if (!flushing && queue.length === 1) setImmediate(() => void flush());
      }),
  };
}
