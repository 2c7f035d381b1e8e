/**
 * Every query of the patients module. Lists use keyset pagination on an index per sort order
 * (never OFFSET); search uses the trigram index on `name_search` (`patient_search_key(name)`: lower case, no accents, no apostrophes).
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { PatientSort } from '@painlab/shared/patients';
import { auditInsertSql, auditInsertValues, type AuditEvent, type Tx } from '../../audit/audit';
import { createBatcher } from '../../db/batcher';
import { statementName, type Database, type Db } from '../../db/client';
import { compileSelect } from '../../db/compiled-select';
import {
  auditLog,
  patient,
  patientInvite,
  patientNameWord,
  patientNote,
  patientNoteAmendment,
  patientStatusChange,
  user,
} from '../../db/schema';

type Q = Db | Tx;

const specialist = alias(user, 'specialist');

export const patientColumns = {
  id: patient.id,
  name: patient.name,
  nameSearch: patient.nameSearch,
  birthDate: patient.birthDate,
  gender: patient.gender,
  category: patient.category,
  priority: patient.priority,
  status: patient.status,
  contactNumber: patient.contactNumber,
  email: patient.email,
  symptoms: patient.symptoms,
  medicalHistory: patient.medicalHistory,
  currentMedications: patient.currentMedications,
  allergies: patient.allergies,
  assignedSpecialistId: patient.assignedSpecialistId,
  assignedSpecialistName: specialist.name,
  userId: patient.userId,
  version: patient.version,
  createdAt: patient.createdAt,
  updatedAt: patient.updatedAt,
};
/** A patient as `patientColumns` selects it (inferred from the chart query below). */
export type PatientRow = Omit<ChartRow, 'invitedAt' | 'ord'>;

export type PatientWrite = {
  name: string;
  birthDate: string;
  gender: string;
  category: string;
  priority: string;
  status: string;
  contactNumber: string | null;
  email: string | null;
  symptoms: string[];
  medicalHistory: string | null;
  currentMedications: string[];
  allergies: string[];
  assignedSpecialistId: string | null;
};

/** `patient_search_key` (migration 0006): lower case, no accents, no apostrophes. */
const searchable = (name: string) => sql`patient_search_key(${name})`;
const live = isNull(patient.deletedAt);

export async function findPatient(db: Q, id: string): Promise<PatientRow | null> {
  const [row] = await db
    .select(patientColumns)
    .from(patient)
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
    .where(and(eq(patient.id, id), live))
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
      const rows = await read(database.pool, { ids: requests.map((r) => r.id), ...auditInsertValues(requests.map((r) => r.audit)) });
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
export function readChartAudited(database: Database, id: string, audit: AuditEvent): Promise<Chart | null> {
  return chartReader(database)({ id, audit });
}

export async function findPatientByUser(db: Q, userId: string): Promise<PatientRow | null> {
  const [row] = await db
    .select(patientColumns)
    .from(patient)
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
    .where(and(eq(patient.userId, userId), live))
    .limit(1);
  return row ?? null;
}

export async function insertPatients(tx: Tx, rows: PatientWrite[], createdBy: string | null): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(patient)
    .values(rows.map((r) => ({ ...r, nameSearch: searchable(r.name), createdBy })))
    .returning({ id: patient.id, status: patient.status });
  await tx.insert(patientStatusChange).values(
    inserted.map((r) => ({ patientId: r.id, fromStatus: null, toStatus: r.status, changedBy: createdBy })),
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
    await tx.insert(patientStatusChange).values({ patientId: id, fromStatus: current.status, toStatus: patch.status, changedBy });
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

// ---------------------------------------------------------------- lists

export interface ListFilter {
  q?: string;
  category?: string[];
  priority?: string[];
  status?: string[];
  specialistId?: string;
  sort: PatientSort;
}

export const listColumns = {
  id: patient.id,
  name: patient.name,
  birthDate: patient.birthDate,
  gender: patient.gender,
  category: patient.category,
  priority: patient.priority,
  status: patient.status,
  assignedSpecialistId: patient.assignedSpecialistId,
  assignedSpecialistName: specialist.name,
  updatedAt: patient.updatedAt,
  // the cursor's copy, at the column's full (microsecond) precision: a JS Date keeps milliseconds only,
  // and a cursor cut to them skipped the rows of the same millisecond that sort after it
  updatedAtKey: sql<string>`${patient.updatedAt}::text`,
  nameSearch: patient.nameSearch,
  priorityRank: patient.priorityRank,
};
/** The list's select (its rows' type is inferred from it). */
function listSelect(db: Q) {
  return db.select(listColumns).from(patient).leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId));
}
export type ListRow = Awaited<ReturnType<typeof listSelect>>[number];

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, shape: ('string' | 'number')[]): (string | number)[] | null {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== shape.length) return null;
    return values.every((v, i) => typeof v === shape[i]) ? (values as (string | number)[]) : null;
  } catch {
    return null;
  }
}

function filterConditions(filter: ListFilter): SQL[] {
  const where: SQL[] = [live];
  if (filter.category?.length) where.push(inArray(patient.category, filter.category));
  if (filter.priority?.length) where.push(inArray(patient.priority, filter.priority));
  if (filter.status?.length) where.push(inArray(patient.status, filter.status));
  if (filter.specialistId) where.push(eq(patient.assignedSpecialistId, filter.specialistId));
  return where;
}

/** The plan of one sort order: ORDER BY, the keyset condition after a cursor, the cursor of a row. */
function sortPlan(sort: PatientSort) {
  switch (sort) {
    case '-name':
      return {
        orderBy: [desc(patient.nameSearch), desc(patient.id)],
        after: (c: (string | number)[]) => sql`(${patient.nameSearch}, ${patient.id}) < (${c[0]}, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.nameSearch, r.id],
      };
    case '-updatedAt':
      return {
        orderBy: [desc(patient.updatedAt), desc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.updatedAt}, ${patient.id}) < (${c[0]}::timestamptz, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.updatedAtKey, r.id],
      };
    case 'priority':
      return {
        orderBy: [asc(patient.priorityRank), asc(patient.nameSearch), asc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.priorityRank}, ${patient.nameSearch}, ${patient.id}) > (${c[0]}::smallint, ${c[1]}, ${c[2]}::uuid)`,
        shape: ['number', 'string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.priorityRank, r.nameSearch, r.id],
      };
    default:
      return {
        orderBy: [asc(patient.nameSearch), asc(patient.id)],
        after: (c: (string | number)[]) => sql`(${patient.nameSearch}, ${patient.id}) > (${c[0]}, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.nameSearch, r.id],
      };
  }
}

/**
 * One-word search: the least pg_trgm word_similarity between the term and the name (pg_trgm's
 * default 0.6 misses one wrong letter in a six-letter name: garsia/garcia ≈ 0.57).
 */
export const SEARCH_WORD_SIMILARITY = 0.5;
/** Search of several words: the least pg_trgm similarity between each word and a word of the name. */
export const SEARCH_EACH_WORD_SIMILARITY = 0.4;

/** The most words of a term that are matched one by one (the rest still rank through the whole term). */
export const SEARCH_MAX_WORDS = 5;

/** Thrown for a cursor that was not produced by this list (tampered, for another sort, or with a search). */
export class BadCursorError extends Error {}

/**
 * The search conditions of a term, and its distance to a name (0 for an exact word, growing with
 * typos). Sets the similarity thresholds for the rest of the transaction.
 * - One word (or only words shorter than 3 letters): `term <% name_search`, served by the trigram
 *   GiST index, which also returns names nearest-first (KNN), so the best page of a common name
 *   costs one page of index reads.
 * - Several words of 3+ letters: every one of them must be like (similarity ≥ 0.4) some word of the
 *   name ("maria lopez" does not find María Pérez): the words like each are looked up in
 *   `patient_name_word`, and the names holding one of each come from the GIN index on `name_words`.
 */
async function searchOf(tx: Tx, rawTerm: string) {
  // The term in the stored names' form, and its words split as `name_words` splits names (the
  // same regular expression, in PostgreSQL); the thresholds hold for the rest of the transaction.
  const [row] = (
    await tx.execute(
      sql`select t, regexp_split_to_array(t, '[^[:alnum:]]+') as words,
        set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true),
        set_config('pg_trgm.similarity_threshold', ${String(SEARCH_EACH_WORD_SIMILARITY)}, true)
        from (select patient_search_key(${rawTerm}) as t) k`,
    )
  ).rows as { t: string; words: string[] }[];
  const term = row!.t;
  // words of 3+ letters, each once, at most SEARCH_MAX_WORDS (a word of the name counts once)
  const words = [...new Set(row!.words.filter((w) => [...w].length >= 3))].slice(0, SEARCH_MAX_WORDS);
  const conditions =
    words.length >= 2
      ? words.map(
          (word) =>
            sql`${patient.nameWords} && (select coalesce(array_agg(w.word), '{}') from ${patientNameWord} w where w.word % ${word})`,
        )
      : [sql`${term} <% ${patient.nameSearch}`];
  return {
    conditions,
    distance: sql<string>`(${term} <<-> ${patient.nameSearch})`,
    ranked: words.length < 2,
    // several words, all present as they are typed: the names that hold them all (GIN, exact)
    exact: words.length >= 2 ? sql`${patient.nameWords} @> array[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]` : null,
  };
}

/**
 * A page of the list. Without a search: the chosen sort, in keyset pages (never OFFSET). With a
 * search: the `limit` nearest names, nearest first, and `more` when there are others (the user
 * refines the search rather than paging through thousands of "García"). Runs in a transaction.
 */
export async function listPatients(tx: Tx, filter: ListFilter, cursor: string | undefined, limit: number) {
  const where = filterConditions(filter);
  const term = filter.q?.trim();
  if (term) {
    if (cursor) throw new BadCursorError();
    const search = await searchOf(tx, term);
    const select = () =>
      tx
        .select({ ...listColumns, distance: sql<number>`${search.distance}` })
        .from(patient)
        .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId));
    // The nearest `limit` rows, shown nearest first and, among equals, by name.
    const answer = (rows: (ListRow & { distance: number })[]) => ({
      rows: rows
        .slice(0, limit)
        .sort((a, b) => a.distance - b.distance || a.nameSearch.localeCompare(b.nameSearch) || a.id.localeCompare(b.id))
        .map(({ distance: _, ...row }) => row),
      nextCursor: null,
      more: rows.length > limit,
    });
    if (search.exact) {
      // More names than fit hold every word exactly ("maria jose"): they come first whatever the
      // typo matches, so answer `limit` of them without scoring every candidate.
      const exact = await select()
        .where(and(...where, search.exact))
        .limit(limit + 1);
      if (exact.length > limit) return answer(exact);
    }
    // one word: the index order (KNN) alone; several: the candidates sorted
    const rows = await select()
      .where(and(...where, ...search.conditions))
      .orderBy(...(search.ranked ? [search.distance] : [search.distance, asc(patient.nameSearch), asc(patient.id)]))
      .limit(limit + 1);
    return answer(rows);
  }
  const plan = sortPlan(filter.sort);
  if (cursor) {
    const values = decodeCursor(cursor, plan.shape);
    if (!values) throw new BadCursorError();
    where.push(plan.after(values));
  }
  const rows = await listSelect(tx)
    .where(and(...where))
    .orderBy(...plan.orderBy)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit;
  return { rows: page, nextCursor: more && last ? encodeCursor(plan.cursorOf(last)) : null, more };
}

/**
 * All rows of a filtered list, search included (every match, not only the nearest), in name order,
 * in keyset batches (for the CSV export).
 */
export async function* allPatients(db: Db, filter: ListFilter, batch = 1000) {
  const plan = sortPlan('name');
  let after: (string | number)[] | null = null;
  do {
    const rows: PatientRow[] = await db.transaction(async (tx) => {
      const where = filterConditions(filter);
      const term = filter.q?.trim();
      if (term) where.push(...(await searchOf(tx, term)).conditions);
      if (after) where.push(plan.after(after));
      return tx
        .select(patientColumns)
        .from(patient)
        .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
        .where(and(...where))
        .orderBy(...plan.orderBy)
        .limit(batch);
    });
    if (rows.length) yield rows;
    const last = rows.at(-1);
    after = rows.length === batch && last ? [last.nameSearch, last.id] : null;
  } while (after);
}

// ---------------------------------------------------------------- related records

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

export async function listNotes(db: Q, patientId: string) {
  const notes = await db
    .select({
      id: patientNote.id,
      body: patientNote.body,
      authorId: patientNote.authorId,
      authorName: user.name,
      createdAt: patientNote.createdAt,
    })
    .from(patientNote)
    .leftJoin(user, eq(user.id, patientNote.authorId))
    .where(eq(patientNote.patientId, patientId))
    .orderBy(desc(patientNote.createdAt))
    .limit(500);
  const amendments = notes.length
    ? await db
        .select({ noteId: patientNoteAmendment.noteId, body: patientNoteAmendment.body, writtenAt: patientNoteAmendment.writtenAt })
        .from(patientNoteAmendment)
        .where(inArray(patientNoteAmendment.noteId, notes.map((n) => n.id)))
        .orderBy(asc(patientNoteAmendment.id))
    : [];
  return notes.map((n) => ({ ...n, amendments: amendments.filter((a) => a.noteId === n.id) }));
}

export async function insertNote(tx: Tx, patientId: string, authorId: string, body: string) {
  const [row] = await tx.insert(patientNote).values({ patientId, authorId, body }).returning({ id: patientNote.id });
  return row!.id;
}

export async function findNote(db: Q, patientId: string, noteId: string) {
  const [row] = await db
    .select({ id: patientNote.id, authorId: patientNote.authorId, body: patientNote.body, updatedAt: patientNote.updatedAt })
    .from(patientNote)
    .where(and(eq(patientNote.id, noteId), eq(patientNote.patientId, patientId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Keeps the old text as an amendment record, then stores the new one. */
export async function amendNote(tx: Tx, noteId: string, previous: { body: string; updatedAt: Date }, body: string) {
  await tx.insert(patientNoteAmendment).values({ noteId, body: previous.body, writtenAt: previous.updatedAt });
  await tx.update(patientNote).set({ body, updatedAt: new Date() }).where(eq(patientNote.id, noteId));
}

export async function pendingInvite(db: Q, patientId: string) {
  const [row] = await db
    .select({ createdAt: patientInvite.createdAt })
    .from(patientInvite)
    .where(and(eq(patientInvite.patientId, patientId), isNull(patientInvite.usedAt), sql`${patientInvite.expiresAt} > now()`))
    .orderBy(desc(patientInvite.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertInvite(tx: Tx, values: { patientId: string; tokenHash: string; channel: string; createdBy: string | null; expiresAt: Date }) {
  await tx.insert(patientInvite).values(values);
}

/** Invitation tokens are stored only as this hash. */
export function inviteTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * While registration is closed, one account may be created with an invitation: takes that slot if
 * the invitation is usable and its slot is free, in one UPDATE (two racing sign-ups cannot both get it).
 */
export async function takeInviteSignUp(db: Db, tokenHash: string): Promise<boolean> {
  const taken = await db
    .update(patientInvite)
    .set({ signUpAt: sql`now()` })
    .where(
      and(
        eq(patientInvite.tokenHash, tokenHash),
        isNull(patientInvite.usedAt),
        isNull(patientInvite.signUpAt),
        sql`${patientInvite.expiresAt} > now()`,
      ),
    )
    .returning({ id: patientInvite.id });
  return taken.length > 0;
}

export async function findUsableInvite(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ id: patientInvite.id, patientId: patientInvite.patientId })
    .from(patientInvite)
    .where(and(eq(patientInvite.tokenHash, tokenHash), isNull(patientInvite.usedAt), sql`${patientInvite.expiresAt} > now()`))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function linkPatientToUser(tx: Tx, patientId: string, userId: string, inviteId: string) {
  const rows = await tx
    .update(patient)
    .set({ userId })
    .where(and(eq(patient.id, patientId), isNull(patient.userId), live))
    .returning({ id: patient.id });
  if (rows.length === 0) return false;
  await tx.update(patientInvite).set({ usedAt: new Date(), usedBy: userId }).where(eq(patientInvite.id, inviteId));
  return true;
}

export async function isSpecialistOrAdmin(db: Q, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.role === 'specialist' || row?.role === 'admin';
}

export async function listSpecialists(db: Q) {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.role, ['specialist', 'admin']))
    .orderBy(asc(user.name))
    .limit(500);
}

/** Accesses to one patient's record by other people, newest first. */
export async function accessLog(db: Q, patientId: string, excludeUserId: string) {
  return db
    .select({
      at: sql<string>`to_char(${auditLog.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      who: user.name,
      role: auditLog.actorRole,
      action: auditLog.action,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.patientId, patientId),
        sql`${auditLog.actorUserId} is distinct from ${excludeUserId}`,
        eq(auditLog.outcome, 'success'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(200);
}
