/** Appointment types, weekly hours, exceptions and the clinic's settings (SQL only). */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import {
  appointmentSettings,
  appointmentType,
  availabilityException,
  availabilityHours,
} from '../../db/schema';
import type { Q } from './appointments.query';

export function listTypes(db: Q) {
  return db
    .select()
    .from(appointmentType)
    .orderBy(asc(appointmentType.sortOrder), asc(appointmentType.id));
}

export async function findType(db: Q, id: string) {
  const [row] = await db.select().from(appointmentType).where(eq(appointmentType.id, id)).limit(1);
  return row ?? null;
}

export function listHours(db: Q, specialistId: string) {
  return db
    .select()
    .from(availabilityHours)
    .where(eq(availabilityHours.specialistId, specialistId))
    .orderBy(asc(availabilityHours.weekday), asc(availabilityHours.startTime));
}

export async function replaceHours(
  tx: Tx,
  specialistId: string,
  rows: Omit<typeof availabilityHours.$inferInsert, 'specialistId'>[],
) {
  await tx.delete(availabilityHours).where(eq(availabilityHours.specialistId, specialistId));
  if (rows.length)
    await tx.insert(availabilityHours).values(rows.map((r) => ({ ...r, specialistId })));
}

/** Exceptions overlapping [start, end). */
export function listExceptions(db: Q, specialistId: string, start: Date, end: Date) {
  return db
    .select()
    .from(availabilityException)
    .where(
      and(
        eq(availabilityException.specialistId, specialistId),
        lt(availabilityException.startsAt, end),
        gt(availabilityException.endsAt, start),
      ),
    )
    .orderBy(asc(availabilityException.startsAt));
}

export async function insertException(tx: Tx, row: typeof availabilityException.$inferInsert) {
  const [created] = await tx
    .insert(availabilityException)
    .values(row)
    .returning({ id: availabilityException.id });
  return created!.id;
}

export async function deleteException(tx: Tx, specialistId: string, id: string) {
  const rows = await tx
    .delete(availabilityException)
    .where(
      and(eq(availabilityException.id, id), eq(availabilityException.specialistId, specialistId)),
    )
    .returning({ id: availabilityException.id });
  return rows.length > 0;
}

export async function readSettings(db: Q) {
  const [row] = await db.select().from(appointmentSettings).where(eq(appointmentSettings.id, 1));
  return (
    row ?? {
      id: 1,
      patientBooking: 'request' as const,
      cancelNoticeHours: 24,
      timeZone: 'Europe/Madrid',
      reminderHours: [24, 2],
      updatedAt: new Date(0),
    }
  );
}

export async function writeSettings(
  tx: Tx,
  patch: Partial<
    Pick<
      typeof appointmentSettings.$inferInsert,
      'patientBooking' | 'cancelNoticeHours' | 'timeZone' | 'reminderHours'
    >
  >,
) {
  await tx
    .insert(appointmentSettings)
    .values({ id: 1, ...patch })
    .onConflictDoUpdate({
      target: appointmentSettings.id,
      set: { ...patch, updatedAt: new Date() },
    });
}
