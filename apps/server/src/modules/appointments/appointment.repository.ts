/** Appointments: read, insert, lock, change, list (SQL only). */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppointmentStatus } from '@painlab/shared/appointments';
import type { Tx } from '../../audit/audit';
import { appointment, patient, user } from '../../db/schema';
import {
  selectAppointments,
  type AppointmentRow,
  type AppointmentWrite,
  type Q,
} from './appointments.query';

export async function findAppointment(db: Q, id: string): Promise<AppointmentRow | null> {
  const [row] = await selectAppointments(db).where(eq(appointment.id, id)).limit(1);
  return row ?? null;
}

/** Several appointments by id, in the order of `ids` (missing ones left out): one query. */
export async function findAppointments(db: Q, ids: readonly string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectAppointments(db).where(inArray(appointment.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The appointment's row locked for a write. */
export async function lockAppointment(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      version: appointment.version,
      status: appointment.status,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      blockedUntil: appointment.blockedUntil,
      specialistId: appointment.specialistId,
      typeId: appointment.typeId,
    })
    .from(appointment)
    .where(eq(appointment.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertAppointment(tx: Tx, write: AppointmentWrite): Promise<string> {
  const [row] = await tx.insert(appointment).values(write).returning({ id: appointment.id });
  return row!.id;
}

export async function updateAppointmentRow(
  tx: Tx,
  id: string,
  patch: Partial<typeof appointment.$inferInsert>,
): Promise<void> {
  await tx
    .update(appointment)
    .set({ ...patch, version: sql`${appointment.version} + 1`, updatedAt: new Date() })
    .where(eq(appointment.id, id));
}

export async function deleteAppointmentRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(appointment).where(eq(appointment.id, id));
}

/** The specialist's time held in [start, end): appointments that are not cancelled. */
export async function busyBetween(
  db: Q,
  specialistId: string,
  start: Date,
  end: Date,
  exceptId?: string,
) {
  return db
    .select({
      id: appointment.id,
      startsAt: appointment.startsAt,
      blockedUntil: appointment.blockedUntil,
    })
    .from(appointment)
    .where(
      and(
        eq(appointment.specialistId, specialistId),
        ne(appointment.status, 'cancelled'),
        lt(appointment.startsAt, end),
        gt(appointment.blockedUntil, start),
        exceptId ? ne(appointment.id, exceptId) : undefined,
      ),
    );
}

export interface ListFilter {
  from: Date;
  to: Date;
  specialistIds?: string[];
  patientId?: string;
  statuses?: AppointmentStatus[];
}

/** Appointments starting in [from, to), soonest first; one more than `limit` tells of more. */
export async function listAppointments(db: Q, filter: ListFilter, limit: number) {
  return selectAppointments(db)
    .where(
      and(
        sql`${appointment.startsAt} >= ${filter.from.toISOString()}`,
        lt(appointment.startsAt, filter.to),
        filter.specialistIds?.length
          ? inArray(appointment.specialistId, filter.specialistIds)
          : undefined,
        filter.patientId ? eq(appointment.patientId, filter.patientId) : undefined,
        filter.statuses?.length ? inArray(appointment.status, filter.statuses) : undefined,
      ),
    )
    .orderBy(asc(appointment.startsAt), asc(appointment.id))
    .limit(limit + 1);
}

/** A patient's appointments, soonest first (their own list: a few hundred at most). */
export async function listForPatient(
  db: Q,
  patientId: string,
  limit: number,
  order: 'asc' | 'desc' = 'asc',
) {
  const by = order === 'asc' ? asc : desc;
  return selectAppointments(db)
    .where(eq(appointment.patientId, patientId))
    .orderBy(by(appointment.startsAt), by(appointment.id))
    .limit(limit);
}

/** A patient's next visit that is not cancelled, after `now` (the patient list, the chart). */
export async function nextForPatients(db: Q, patientIds: string[], now: Date) {
  if (!patientIds.length) return [];
  return db
    .selectDistinctOn([appointment.patientId], {
      patientId: appointment.patientId,
      startsAt: appointment.startsAt,
    })
    .from(appointment)
    .where(
      and(
        inArray(appointment.patientId, patientIds),
        inArray(appointment.status, ['pending', 'confirmed']),
        gt(appointment.startsAt, now),
      ),
    )
    .orderBy(appointment.patientId, asc(appointment.startsAt));
}

/** A live patient record's id, name and portal account. */
export async function findLivePatient(db: Q, id: string) {
  const [row] = await db
    .select({ id: patient.id, name: patient.name, userId: patient.userId })
    .from(patient)
    .where(and(eq(patient.id, id), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The live patient record linked to a portal account. */
export async function patientOfAccount(db: Q, userId: string) {
  const [row] = await db
    .select({ id: patient.id, name: patient.name })
    .from(patient)
    .where(and(eq(patient.userId, userId), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function anyAppointment(db: Q): Promise<boolean> {
  const rows = await db.select({ id: appointment.id }).from(appointment).limit(1);
  return rows.length > 0;
}

export async function findAccountByEmail(db: Q, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}
