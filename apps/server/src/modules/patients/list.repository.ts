/**
 * Lists and search. Lists use keyset pagination on an index per sort order (never OFFSET); search uses
 * the trigram index on `name_search` (`patient_search_key(name)`: lower case, no accents, no
 * apostrophes). Every patient a list or export shows is audited in the transaction that reads it.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Category, PatientSort, PatientStatus, Priority } from '@painlab/shared/patients';
import type { AuditEvent, Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { auditLog, patient, patientNameWord } from '../../db/schema';
import {
  live,
  patientColumns,
  selectPatients,
  specialist,
  type PatientRow,
} from './patients.query';

/**
 * One audit row per patient of `patientIds` (a list page, a CSV batch), all copies of `event` but for
 * the patient, in one INSERT whose size does not grow with the page (the ids travel as one array).
 * Run it in the transaction of the read it records.
 */
export async function auditEachPatient(
  tx: Tx,
  event: AuditEvent,
  patientIds: string[],
): Promise<void> {
  if (patientIds.length === 0) return;
  const column = (c: { name: string }) => sql.identifier(c.name);
  await tx.execute(sql`insert into ${auditLog} (${column(auditLog.occurredAt)}, ${column(auditLog.actorUserId)},
      ${column(auditLog.actorRole)}, ${column(auditLog.action)}, ${column(auditLog.resource)}, ${column(auditLog.recordId)},
      ${column(auditLog.patientId)}, ${column(auditLog.outcome)}, ${column(auditLog.ip)}, ${column(auditLog.requestId)},
      ${column(auditLog.details)})
    select ${new Date().toISOString()}::timestamptz, ${event.actorUserId ?? null}, ${event.actorRole ?? null}, ${event.action},
      ${event.resource ?? null}, p.id, p.id, ${event.outcome}, ${event.ip ?? null}, ${event.requestId ?? null},
      ${event.details ? JSON.stringify(event.details) : null}::jsonb
    from unnest(${sql.param(patientIds)}::text[]) with ordinality as p(id, n) order by p.n`);
}

export interface ListFilter {
  q?: string;
  category?: Category[];
  priority?: Priority[];
  status?: PatientStatus[];
  specialistId?: string;
  sort: PatientSort;
  /** A de-identified view: no order (nor tie-break) by name. */
  deidentified?: boolean;
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
function listSelect(db: Tx) {
  return selectPatients(db, listColumns);
}
export type ListRow = Awaited<ReturnType<typeof listSelect>>[number];

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(
  cursor: string,
  shape: ('string' | 'number')[],
): (string | number)[] | null {
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
function sortPlan(sort: PatientSort, deidentified = false) {
  switch (sort) {
    case '-name':
      return {
        orderBy: [desc(patient.nameSearch), desc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.nameSearch}, ${patient.id}) < (${c[0]}, ${c[1]}::uuid)`,
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
      return deidentified
        ? {
            // no name tie-break: a de-identified view must not reveal the names' order
            orderBy: [asc(patient.priorityRank), asc(patient.id)],
            after: (c: (string | number)[]) =>
              sql`(${patient.priorityRank}, ${patient.id}) > (${c[0]}::smallint, ${c[1]}::uuid)`,
            shape: ['number', 'string'] as ('string' | 'number')[],
            cursorOf: (r: ListRow) => [r.priorityRank, r.id],
          }
        : {
            orderBy: [asc(patient.priorityRank), asc(patient.nameSearch), asc(patient.id)],
            after: (c: (string | number)[]) =>
              sql`(${patient.priorityRank}, ${patient.nameSearch}, ${patient.id}) > (${c[0]}::smallint, ${c[1]}, ${c[2]}::uuid)`,
            shape: ['number', 'string', 'string'] as ('string' | 'number')[],
            cursorOf: (r: ListRow) => [r.priorityRank, r.nameSearch, r.id],
          };
    default:
      return {
        orderBy: [asc(patient.nameSearch), asc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.nameSearch}, ${patient.id}) > (${c[0]}, ${c[1]}::uuid)`,
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
  const words = [...new Set(row!.words.filter((w) => [...w].length >= 3))].slice(
    0,
    SEARCH_MAX_WORDS,
  );
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
    exact:
      words.length >= 2
        ? sql`${patient.nameWords} @> array[${sql.join(
            words.map((w) => sql`${w}`),
            sql`, `,
          )}]::text[]`
        : null,
  };
}

/**
 * A page of the list. Without a search: the chosen sort, in keyset pages (never OFFSET). With a
 * search: the `limit` nearest names, nearest first, and `more` when there are others (the user
 * refines the search rather than paging through thousands of "García"). Runs in a transaction.
 */
export async function listPatients(
  tx: Tx,
  filter: ListFilter,
  cursor: string | undefined,
  limit: number,
) {
  const where = filterConditions(filter);
  const term = filter.q?.trim();
  if (term) {
    if (cursor) throw new BadCursorError();
    const search = await searchOf(tx, term);
    const select = () =>
      selectPatients(tx, { ...listColumns, distance: sql<number>`${search.distance}` });
    // The nearest `limit` rows, shown nearest first and, among equals, by name.
    const answer = (rows: (ListRow & { distance: number })[]) => ({
      rows: rows
        .slice(0, limit)
        .sort(
          (a, b) =>
            a.distance - b.distance ||
            a.nameSearch.localeCompare(b.nameSearch) ||
            a.id.localeCompare(b.id),
        )
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
      .orderBy(
        ...(search.ranked
          ? [search.distance]
          : [search.distance, asc(patient.nameSearch), asc(patient.id)]),
      )
      .limit(limit + 1);
    return answer(rows);
  }
  const plan = sortPlan(filter.sort, filter.deidentified);
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
 * in keyset batches (for the CSV export), each batch's patients audited (`audit`) as it is read.
 */
export async function* allPatients(db: Db, filter: ListFilter, audit: AuditEvent, batch = 1000) {
  const plan = sortPlan('name');
  let after: (string | number)[] | null = null;
  do {
    const rows: PatientRow[] = await db.transaction(async (tx) => {
      const where = filterConditions(filter);
      const term = filter.q?.trim();
      if (term) where.push(...(await searchOf(tx, term)).conditions);
      if (after) where.push(plan.after(after));
      const found = await selectPatients(tx, patientColumns)
        .where(and(...where))
        .orderBy(...plan.orderBy)
        .limit(batch);
      // each patient of the batch, audited in the transaction that reads it
      await auditEachPatient(
        tx,
        audit,
        found.map((r) => r.id),
      );
      return found;
    });
    if (rows.length) yield rows;
    const last = rows.at(-1);
    after = rows.length === batch && last ? [last.nameSearch, last.id] : null;
  } while (after);
}
