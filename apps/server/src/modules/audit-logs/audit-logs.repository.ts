import { and, asc, desc, eq, gt, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@painlab/shared/audit';
import {
  hashAuditRow,
  hashedColumns,
  sealAuditChain,
  type AuditDetails,
  type Tx,
} from '../../audit/audit';
import type { Db } from '../../db/client';
import { auditLog, user } from '../../db/schema';

export interface AuditFilter {
  before?: number;
  limit: number;
  action?: string;
  outcome?: AuditEntry['outcome'];
  actorUserId?: string;
  patientId?: string;
}

/** What a list or an export shows of a row: the hashed fields, the chain's, the actor's name now. */
const entryColumns = {
  ...hashedColumns,
  seq: auditLog.seq,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
  actorName: user.name,
};

function filterWhere(filter: Omit<AuditFilter, 'before' | 'limit'>): SQL[] {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.outcome) where.push(eq(auditLog.outcome, filter.outcome));
  if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.patientId) where.push(eq(auditLog.patientId, filter.patientId));
  return where;
}

type EntryRow = { occurredAtMs: string; details: unknown } & Omit<
  AuditEntry,
  'occurredAt' | 'details'
>;
const toEntry = ({ occurredAtMs: ms, details, ...row }: EntryRow): AuditEntry => ({
  ...row,
  occurredAt: new Date(Number(ms)).toISOString(),
  details: (details as AuditDetails | null) ?? null,
});

export async function listAudit(db: Db | Tx, filter: AuditFilter) {
  const where = filterWhere(filter);
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const items: AuditEntry[] = rows.slice(0, filter.limit).map((r) => toEntry(r as EntryRow));
  return { items, nextCursor: rows.length > filter.limit ? (items.at(-1)?.id ?? null) : null };
}

const EXPORT_BATCH = 2000;

/**
 * Every sealed row matching the filter, in chain order (seq), a batch at a time (for the CSV
 * export). Rows still waiting for the sealer are left out: they have no hash yet.
 */
export async function* sealedEntries(
  db: Db,
  filter: Omit<AuditFilter, 'before' | 'limit'>,
): AsyncGenerator<AuditEntry[]> {
  let afterSeq = 0;
  for (;;) {
    const rows = await db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorUserId))
      .where(and(isNotNull(auditLog.seq), gt(auditLog.seq, afterSeq), ...filterWhere(filter)))
      .orderBy(asc(auditLog.seq))
      .limit(EXPORT_BATCH);
    if (rows.length) yield rows.map((r) => toEntry(r as EntryRow));
    if (rows.length < EXPORT_BATCH) return;
    afterSeq = rows.at(-1)!.seq!;
  }
}

const BATCH = 2000;

/** Seals what is waiting, then walks the whole chain in its order and recomputes every hash. */
export async function verifyAuditChain(db: Db) {
  await sealAuditChain(db);
  let prevHash: string | null = null;
  let lastSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select({
        ...hashedColumns,
        seq: auditLog.seq,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .where(gt(auditLog.seq, lastSeq))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      const expected = hashAuditRow({
        ...row,
        prevHash,
        occurredAtMs: Number(row.occurredAtMs),
        details: (row.details as AuditDetails | null) ?? null,
      });
      if (row.prevHash !== prevHash || row.hash !== expected) {
        return { valid: false, checked, firstBrokenId: row.id };
      }
      prevHash = row.hash;
      lastSeq = row.seq ?? lastSeq;
      checked++;
    }
    if (rows.length < BATCH) return { valid: true, checked, firstBrokenId: null };
  }
}
