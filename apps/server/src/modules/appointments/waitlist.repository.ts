/** The appointments waitlist: entries and the offers of freed slots (SQL only, ADR 0032). */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WaitlistEntryStatus, WaitlistOfferStatus } from '@painlab/shared/waitlist';
import type { Tx } from '../../audit/audit';
import {
  appointmentType,
  appointmentWaitlistEntry as entry,
  appointmentWaitlistOffer as offer,
  patient,
  user,
} from '../../db/schema';
import type { Q } from './appointments.query';

const specialist = alias(user, 'specialist');
const offerSpecialist = alias(user, 'offer_specialist');

const entryColumns = {
  id: entry.id,
  patientId: entry.patientId,
  patientName: patient.name,
  patientUserId: patient.userId,
  specialistId: entry.specialistId,
  specialistName: specialist.name,
  typeId: entry.typeId,
  typeNameEs: appointmentType.nameEs,
  typeNameEn: appointmentType.nameEn,
  earliestDate: entry.earliestDate,
  latestDate: entry.latestDate,
  timesOfDay: entry.timesOfDay,
  note: entry.note,
  status: entry.status,
  position: entry.position,
  createdAt: entry.createdAt,
};
export type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function selectEntries(db: Q) {
  return db
    .select(entryColumns)
    .from(entry)
    .innerJoin(patient, and(eq(patient.id, entry.patientId), isNull(patient.deletedAt)))
    .leftJoin(specialist, eq(specialist.id, entry.specialistId))
    .innerJoin(appointmentType, eq(appointmentType.id, entry.typeId));
}

export type EntryWrite = typeof entry.$inferInsert;

export async function insertEntry(tx: Tx, write: EntryWrite): Promise<string> {
  const [row] = await tx.insert(entry).values(write).returning({ id: entry.id });
  return row!.id;
}

export async function findEntry(db: Q, id: string): Promise<EntryRow | null> {
  const [row] = await selectEntries(db).where(eq(entry.id, id)).limit(1);
  return row ?? null;
}

/** Live entries (waiting or offered) in queue order; of one patient when named. */
export async function listLiveEntries(db: Q, patientId: string | null, limit: number) {
  return selectEntries(db)
    .where(
      and(
        inArray(entry.status, ['waiting', 'offered']),
        patientId ? eq(entry.patientId, patientId) : undefined,
      ),
    )
    .orderBy(asc(entry.position))
    .limit(limit);
}

export async function lockEntry(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: entry.id, status: entry.status, patientId: entry.patientId })
    .from(entry)
    .where(eq(entry.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function setEntryStatus(
  tx: Tx,
  id: string,
  status: WaitlistEntryStatus,
  appointmentId: string | null = null,
) {
  const closed = status === 'booked' || status === 'removed';
  await tx
    .update(entry)
    .set({
      status,
      closedAt: closed ? new Date() : null,
      ...(appointmentId ? { appointmentId } : {}),
    })
    .where(eq(entry.id, id));
}

/** A freed slot, as the matching reads it. */
export interface FreedSlot {
  specialistId: string;
  startsAt: Date;
  freeUntil: Date;
  timeZone: string;
  modality: 'in_person' | 'telehealth';
  location: string | null;
  sourceAppointmentId: string | null;
}

/**
 * The first waiting entry (FIFO) that fits the slot: the specialist or any, a type that fits the
 * freed time and its modality, the window's dates and times of day in the slot's zone, never offered
 * this slot before. Taken FOR UPDATE SKIP LOCKED: an entry another transaction is offering is
 * skipped, so two offers never go to one entry at once.
 */
export async function lockFirstMatch(tx: Tx, slot: FreedSlot) {
  const start = slot.startsAt.toISOString();
  const local = sql`(${start}::timestamptz at time zone ${slot.timeZone})`;
  const rows = await tx.execute<{ id: string; patient_id: string; type_id: string }>(sql`
    select e.id, e.patient_id, e.type_id
    from ${entry} e
    join ${appointmentType} t on t.id = e.type_id
    join ${patient} p on p.id = e.patient_id and p.deleted_at is null
    where e.status = 'waiting'
      and (e.specialist_id is null or e.specialist_id = ${slot.specialistId})
      and t.active
      and (t.modality is null or t.modality = ${slot.modality})
      and ${start}::timestamptz + (t.duration_minutes + t.buffer_minutes) * interval '1 minute'
          <= ${slot.freeUntil.toISOString()}::timestamptz
      and (e.earliest_date is null or e.earliest_date <= ${local}::date)
      and (e.latest_date is null or e.latest_date >= ${local}::date)
      and (cardinality(e.times_of_day) = 0 or (case
            when extract(hour from ${local}) < 12 then 'morning'
            when extract(hour from ${local}) < 17 then 'afternoon'
            else 'evening' end) = any(e.times_of_day))
      and not exists (
        select 1 from ${offer} o
        where o.entry_id = e.id and o.specialist_id = ${slot.specialistId}
          and o.starts_at = ${start}::timestamptz)
    order by e.position
    limit 1
    for update of e skip locked`);
  const row = rows.rows[0];
  return row ? { id: row.id, patientId: row.patient_id, typeId: row.type_id } : null;
}

export type OfferWrite = typeof offer.$inferInsert;

export async function insertOffer(tx: Tx, write: OfferWrite): Promise<string> {
  const [row] = await tx.insert(offer).values(write).returning({ id: offer.id });
  return row!.id;
}

const offerColumns = {
  id: offer.id,
  entryId: offer.entryId,
  status: offer.status,
  specialistId: offer.specialistId,
  specialistName: offerSpecialist.name,
  startsAt: offer.startsAt,
  freeUntil: offer.freeUntil,
  timeZone: offer.timeZone,
  modality: offer.modality,
  location: offer.location,
  sourceAppointmentId: offer.sourceAppointmentId,
  expiresAt: offer.expiresAt,
  patientId: entry.patientId,
  patientName: patient.name,
  patientUserId: patient.userId,
  typeId: entry.typeId,
  typeNameEs: appointmentType.nameEs,
  typeNameEn: appointmentType.nameEn,
  durationMinutes: appointmentType.durationMinutes,
  bufferMinutes: appointmentType.bufferMinutes,
};
export type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

function selectOffers(db: Q) {
  return db
    .select(offerColumns)
    .from(offer)
    .innerJoin(entry, eq(entry.id, offer.entryId))
    .leftJoin(patient, and(eq(patient.id, entry.patientId), isNull(patient.deletedAt)))
    .innerJoin(offerSpecialist, eq(offerSpecialist.id, offer.specialistId))
    .innerJoin(appointmentType, eq(appointmentType.id, entry.typeId));
}

export async function findOffer(db: Q, id: string): Promise<OfferRow | null> {
  const [row] = await selectOffers(db).where(eq(offer.id, id)).limit(1);
  return row ?? null;
}

export async function findOfferByHash(db: Q, tokenHash: string): Promise<OfferRow | null> {
  const [row] = await selectOffers(db).where(eq(offer.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** The open offers of these entries. */
export async function openOffersOf(db: Q, entryIds: string[]) {
  if (!entryIds.length) return [];
  return selectOffers(db).where(and(inArray(offer.entryId, entryIds), eq(offer.status, 'open')));
}

/** The offer's row locked for a decision. */
export async function lockOffer(tx: Tx, id: string) {
  const [row] = await tx
    .select({ status: offer.status, expiresAt: offer.expiresAt })
    .from(offer)
    .where(eq(offer.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The open offer of an entry, locked (to withdraw it when the entry is removed). */
export async function lockOpenOfferOfEntry(tx: Tx, entryId: string) {
  const [row] = await tx
    .select({ id: offer.id })
    .from(offer)
    .where(and(eq(offer.entryId, entryId), eq(offer.status, 'open')))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function setOfferStatus(
  tx: Tx,
  id: string,
  status: Exclude<WaitlistOfferStatus, 'open'>,
  appointmentId: string | null = null,
) {
  await tx
    .update(offer)
    .set({ status, decidedAt: new Date(), appointmentId })
    .where(eq(offer.id, id));
}

/**
 * One open offer whose time ran out, locked with SKIP LOCKED: an offer another instance (or a take
 * in progress) holds is left to it, so a lapse is handled once.
 */
export async function lockLapsedOffer(tx: Tx, now: Date) {
  // the offer and its entry at once, skipping either if locked: nothing here waits for a lock, so
  // it cannot deadlock with an answer or a removal (which lock the entry, then the offer)
  const [row] = await tx
    .select({ id: offer.id })
    .from(offer)
    .innerJoin(entry, eq(entry.id, offer.entryId))
    .where(and(eq(offer.status, 'open'), lte(offer.expiresAt, now)))
    .orderBy(asc(offer.expiresAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * Administrators who may be looking at the waitlist (active accounts): their open pages are told of
 * an offer's changes as the patient's and the specialist's are.
 */
export async function activeAdminIds(db: Q): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, 'admin'), sql`coalesce(${user.banned}, false) = false`));
  return rows.map((r) => r.id);
}
