/**
 * The record itself: read (the audited chart read, batched), create, edit, archive, status history,
 * and the duplicate lookup.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { auditInsertSql, auditInsertValues, type AuditEvent, type Tx } from '../../audit/audit';
import { createBatcher } from '../../db/batcher';
import { statementName, type Database, type Db } from '../../db/client';
import { compileSelect } from '../../db/compiled-select';
import { patient, patientInvite, patientStatusChange, user } from '../../db/schema';
import {
  live,
  patientColumns,
  searchable,
  selectPatients,
  specialist,
  type PatientRow,
  type PatientWrite,
  type Q,
} from './patients.query';

export async function findPatient(db: Q, id: string): Promise<PatientRow | null> {
  const [row] = await selectPatients(db, patientColumns)
    .where(and(eq(patient.id, id), live))
    .limit(1);
  return row ?? null;
}

export async function findPatientByUser(db: Q, userId: string): Promise<PatientRow | null> {
  const [row] = await selectPatients(db, patientColumns)
    .where(and(eq(patient.userId, userId), live))
    .limit(1);
  return row ?? null;
}

/** The chart read: one patient with the date of a pending portal invitation, in one query. */
const chartFields = {
  ...patientColumns,
  invitedAt: sql<Date | null>`(select max(i.created_at) from ${patientInvite} i
    where i.patient_id = ${patient.id} and i.used_at is null and i.expires_at > now())`,
};
/**
 * The chart read of a batch of requests, with their audit rows, in one statement: the patients found
 * are answered and, in the same statement (so the same commit), an audit row is inserted for each
 * request whose patient was found. `ord` is the request's position in the batch (1-based).
 */
function chartBatchSelect(db: Db) {
  return db
    .select({ ord: sql<string>`req.ord`, ...chartFields })
    .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as req(id, ord)`)
    .innerJoin(patient, and(eq(patient.id, sql`req.id`), live))
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId));
}
type ChartRow = Awaited<ReturnType<typeof chartBatchSelect>>[number];

function auditedChartRead(db: Db) {
  const statement = sql`with found as (${chartBatchSelect(db)}),
    audited as (${auditInsertSql(sql`select ord from found`)})
    select * from found`;
  return { toSQL: () => new PgDialect().sqlToQuery(statement) };
}

/** Concurrent chart reads share a statement and a commit (db/batcher.ts); at most this many at once. */
const CHART_READS_IN_FLIGHT = 4;
const CHART_BATCH_MAX = 500;

interface ChartRequest {
  id: string;
  /** The request's audit row: inserted only if the patient is found. */
  audit: AuditEvent;
}
type Chart = { row: PatientRow; invitedAt: Date | null };

// One reader per database: the statement is compiled once (the chart is the hottest read, bench/README.md).
const chartReaders = new WeakMap<Db, (request: ChartRequest) => Promise<Chart | null>>();

function chartReader(database: Database) {
  let reader = chartReaders.get(database.db);
  if (reader) return reader;
  const read = compileSelect<ChartRow>(
    auditedChartRead(database.db),
    ['ord', ...Object.keys(chartFields)],
    statementName(database.db, 'patient_chart_read_audited'),
  );
  reader = createBatcher<ChartRequest, Chart | null>(
    async (requests) => {
      const rows = await read(database.pool, {
        ids: requests.map((r) => r.id),
        ...auditInsertValues(requests.map((r) => r.audit)),
      });
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
      return requests.map((_, i) => {
        const found = byOrd.get(i + 1);
        if (!found) return null;
        const { ord: _ord, invitedAt, ...row } = found;
        return { row, invitedAt: invitedAt ? new Date(invitedAt) : null };
      });
    },
    { maxInFlight: CHART_READS_IN_FLIGHT, maxBatch: CHART_BATCH_MAX },
  );
  chartReaders.set(database.db, reader);
  return reader;
}

/**
 * One patient's chart (with the date of a pending portal invitation); when it is found, `audit` is
 * recorded in the same statement, committed before this resolves, so no chart leaves unaudited.
 */
export function readChartAudited(
  database: Database,
  id: string,
  audit: AuditEvent,
): Promise<Chart | null> {
  return chartReader(database)({ id, audit });
}

/**
 * Live patients with this birth date whose name has the same words as `name` once normalised by
 * `patient_search_key` (case, accents, apostrophes) and split as `name_words` is (so spacing and
 * punctuation do not count). The containment both ways is served by the GIN index on `name_words`.
 */
export async function findSameNameAndBirthDate(db: Q, name: string, birthDate: string) {
  const words = sql`array_remove(regexp_split_to_array(patient_search_key(${name}), '[^[:alnum:]]+'), '')`;
  return db
    .select({ id: patient.id, name: patient.name, birthDate: patient.birthDate })
    .from(patient)
    .where(
      and(
        sql`${patient.nameWords} @> ${words}`,
        sql`${patient.nameWords} <@ ${words}`,
        eq(patient.birthDate, birthDate),
        live,
      ),
    )
    .orderBy(asc(patient.id))
    .limit(20);
}

export async function insertPatients(
  tx: Tx,
  rows: PatientWrite[],
  createdBy: string | null,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(patient)
    .values(rows.map((r) => ({ ...r, nameSearch: searchable(r.name), createdBy })))
    .returning({ id: patient.id, status: patient.status });
  await tx.insert(patientStatusChange).values(
    inserted.map((r) => ({
      patientId: r.id,
      fromStatus: null,
      toStatus: r.status,
      changedBy: createdBy,
    })),
  );
  return inserted.map((r) => r.id);
}

/** Applies `patch` if the stored version is `version`; returns the new row, 'conflict' or null. */
export async function updatePatientRow(
  tx: Tx,
  id: string,
  version: number,
  patch: Partial<PatientWrite>,
  changedBy: string | null,
): Promise<PatientRow | 'conflict' | null> {
  const [current] = await tx
    .select({ version: patient.version, status: patient.status })
    .from(patient)
    .where(and(eq(patient.id, id), live))
    .for('update')
    .limit(1);
  if (!current) return null;
  if (current.version !== version) return 'conflict';
  await tx
    .update(patient)
    .set({
      ...patch,
      ...(patch.name !== undefined ? { nameSearch: searchable(patch.name) } : {}),
      version: sql`${patient.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(patient.id, id));
  if (patch.status !== undefined && patch.status !== current.status) {
    await tx
      .insert(patientStatusChange)
      .values({ patientId: id, fromStatus: current.status, toStatus: patch.status, changedBy });
  }
  return findPatient(tx, id);
}

export async function archivePatientRow(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(patient)
    .set({ deletedAt: new Date(), userId: null })
    .where(and(eq(patient.id, id), live))
    .returning({ id: patient.id });
  return rows.length > 0;
}

export async function statusHistory(db: Q, patientId: string) {
  return db
    .select({
      id: patientStatusChange.id,
      fromStatus: patientStatusChange.fromStatus,
      toStatus: patientStatusChange.toStatus,
      changedAt: patientStatusChange.changedAt,
      changedById: patientStatusChange.changedBy,
      changedByName: user.name,
    })
    .from(patientStatusChange)
    .leftJoin(user, eq(user.id, patientStatusChange.changedBy))
    .where(eq(patientStatusChange.patientId, patientId))
    .orderBy(desc(patientStatusChange.id))
    .limit(500);
}
