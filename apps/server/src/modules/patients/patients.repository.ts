/**
 * Every query of the patients module. Lists use keyset pagination on an index per sort order
 * (never OFFSET); search uses the trigram index on `name_search` (lower(unaccent(name))).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PatientSort } from '@painlab/shared/patients';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  auditLog,
  patient,
  patientInvite,
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
export type PatientRow = {
  id: string;
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
  assignedSpecialistName: string | null;
  userId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

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

const searchable = (name: string) => sql`lower(unaccent(${name}))`;
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

/** One patient with the date of a pending portal invitation, in one query. */
export async function findPatientWithInvite(db: Q, id: string): Promise<{ row: PatientRow; invitedAt: Date | null } | null> {
  const [row] = await db
    .select({
      ...patientColumns,
      invitedAt: sql<string | null>`(select max(i.created_at) from ${patientInvite} i
        where i.patient_id = ${patient.id} and i.used_at is null and i.expires_at > now())`,
    })
    .from(patient)
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
    .where(and(eq(patient.id, id), live))
    .limit(1);
  if (!row) return null;
  const { invitedAt, ...rest } = row;
  return { row: rest, invitedAt: invitedAt ? new Date(invitedAt) : null };
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
  nameSearch: patient.nameSearch,
  priorityRank: patient.priorityRank,
};
export type ListRow = {
  id: string;
  name: string;
  birthDate: string;
  gender: string;
  category: string;
  priority: string;
  status: string;
  assignedSpecialistId: string | null;
  assignedSpecialistName: string | null;
  updatedAt: Date;
  nameSearch: string;
  priorityRank: number;
  score?: string;
};

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
function sortPlan(filter: ListFilter, term: string | null) {
  if (term) {
    // word-similarity distance: 0 for an exact word, growing with typos; the GiST index returns
    // rows in this order (KNN), so a page of a common name costs one page of index reads
    const distance = sql<string>`(${term} <<-> ${patient.nameSearch})`;
    return {
      extra: { score: sql<string>`${distance}::text` },
      orderBy: [sql`${distance}`, asc(patient.id)],
      after: (c: (string | number)[]) =>
        sql`(${distance} > ${c[0]}::real or (${distance} = ${c[0]}::real and ${patient.id} > ${c[1]}::uuid))`,
      shape: ['string', 'string'] as ('string' | 'number')[],
      cursorOf: (r: ListRow) => [r.score ?? '0', r.id],
    };
  }
  switch (filter.sort) {
    case '-name':
      return {
        extra: { score: sql<string>`null` },
        orderBy: [desc(patient.nameSearch), desc(patient.id)],
        after: (c: (string | number)[]) => sql`(${patient.nameSearch}, ${patient.id}) < (${c[0]}, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.nameSearch, r.id],
      };
    case '-updatedAt':
      return {
        extra: { score: sql<string>`null` },
        orderBy: [desc(patient.updatedAt), desc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.updatedAt}, ${patient.id}) < (${c[0]}::timestamptz, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.updatedAt.toISOString(), r.id],
      };
    case 'priority':
      return {
        extra: { score: sql<string>`null` },
        orderBy: [asc(patient.priorityRank), asc(patient.nameSearch), asc(patient.id)],
        after: (c: (string | number)[]) =>
          sql`(${patient.priorityRank}, ${patient.nameSearch}, ${patient.id}) > (${c[0]}::smallint, ${c[1]}, ${c[2]}::uuid)`,
        shape: ['number', 'string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.priorityRank, r.nameSearch, r.id],
      };
    default:
      return {
        extra: { score: sql<string>`null` },
        orderBy: [asc(patient.nameSearch), asc(patient.id)],
        after: (c: (string | number)[]) => sql`(${patient.nameSearch}, ${patient.id}) > (${c[0]}, ${c[1]}::uuid)`,
        shape: ['string', 'string'] as ('string' | 'number')[],
        cursorOf: (r: ListRow) => [r.nameSearch, r.id],
      };
  }
}

/** Thrown for a cursor that was not produced by this list (tampered, or for another sort). */
export class BadCursorError extends Error {}

export async function listPatients(db: Q, filter: ListFilter, cursor: string | undefined, limit: number) {
  const term = filter.q ? filter.q.trim() : '';
  const normalised = term ? ((await db.execute(sql`select lower(unaccent(${term})) as t`)).rows[0] as { t: string }).t : null;
  const plan = sortPlan(filter, normalised);
  const where = filterConditions(filter);
  // typo-tolerant, accent-insensitive: a word of the name close enough to the term (pg_trgm
  // word_similarity ≥ 0.6), checked by the trigram index
  if (normalised) where.push(sql`${normalised} <% ${patient.nameSearch}`);
  if (cursor) {
    const values = decodeCursor(cursor, plan.shape);
    if (!values) throw new BadCursorError();
    where.push(plan.after(values));
  }
  const rows = (await db
    .select({ ...listColumns, ...plan.extra })
    .from(patient)
    .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
    .where(and(...where))
    .orderBy(...plan.orderBy)
    .limit(limit + 1)) as ListRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(plan.cursorOf(last)) : null };
}

/** All rows of a filtered list, in name order, in batches (for the CSV export). */
export async function* allPatients(db: Db, filter: ListFilter, batch = 1000) {
  let cursor: string | undefined;
  const byName = { ...filter, sort: 'name' as const, q: filter.q };
  do {
    const page = await listPatients(db, byName, cursor, batch);
    const ids = page.rows.map((r) => r.id);
    if (ids.length) {
      const full = await db
        .select(patientColumns)
        .from(patient)
        .leftJoin(specialist, eq(specialist.id, patient.assignedSpecialistId))
        .where(inArray(patient.id, ids));
      const byId = new Map(full.map((r) => [r.id, r]));
      yield ids.map((id) => byId.get(id)!).filter(Boolean);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
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
