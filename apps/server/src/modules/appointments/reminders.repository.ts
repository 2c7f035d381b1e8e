/**
 * Reminders, their links and patients' reminder preferences (SQL only, ADR 0021). A reminder row is
 * written when its message is queued; the unique key (appointment, hours before, start) keeps it to
 * one per moment, and the appointment's row lock (FOR UPDATE SKIP LOCKED) serialises the scheduler
 * with cancelling and moving.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReminderChannel, ReminderLinkPurpose } from '@painlab/shared/reminders';
import type { Tx } from '../../audit/audit';
import {
  appointment,
  appointmentLink,
  appointmentReminder,
  patient,
  patientReminderPreference,
} from '../../db/schema';
import type { Q } from './appointments.query';

export interface DueReminder {
  appointmentId: string;
  startsAt: Date;
  hoursBefore: number;
}

/**
 * Appointments (pending or confirmed, not started) whose latest due reminder has not gone: for each,
 * the smallest `hours` (the patient's, else the clinic's) whose moment has come, unless a reminder at
 * that offset or a later one already went for this start. Patients who want none, or who have no
 * address for their channel, never qualify (they would be picked again on every round).
 */
export async function findDue(db: Q, limit: number): Promise<DueReminder[]> {
  const result = await db.execute<{
    appointment_id: string;
    starts_at: string | Date;
    hours_before: number;
  }>(sql`
    select d.appointment_id, d.starts_at, d.hours_before from (
      select a.id as appointment_id, a.starts_at, min(h) as hours_before
      from appointment a
      join patient p on p.id = a.patient_id and p.deleted_at is null
      left join patient_reminder_preference pr on pr.patient_id = a.patient_id
      cross join lateral unnest(coalesce(
        pr.hours,
        (select s.reminder_hours from appointment_settings s where s.id = 1),
        '{24,2}'::integer[])) as h
      where a.status in ('pending', 'confirmed')
        and a.starts_at > now()
        and a.starts_at <= now() + interval '337 hours'
        and a.starts_at - h * interval '1 hour' <= now()
        and case coalesce(pr.channel, 'auto')
          when 'none' then false
          when 'email' then nullif(p.email, '') is not null
          when 'sms' then nullif(p.contact_number, '') is not null
          else nullif(p.email, '') is not null or nullif(p.contact_number, '') is not null
        end
      group by a.id, a.starts_at
    ) d
    where not exists (
      select 1 from appointment_reminder r
      where r.appointment_id = d.appointment_id and r.starts_at = d.starts_at
        and r.hours_before <= d.hours_before)
    order by d.starts_at
    limit ${limit}`);
  return result.rows.map((r) => ({
    appointmentId: r.appointment_id,
    startsAt: new Date(r.starts_at),
    hoursBefore: Number(r.hours_before),
  }));
}

/** The appointment locked for its reminder, or null when another transaction holds it (skipped). */
export async function lockForReminder(tx: Tx, id: string, startsAt: Date) {
  const [row] = await tx
    .select({ id: appointment.id })
    .from(appointment)
    .where(
      and(
        eq(appointment.id, id),
        eq(appointment.startsAt, startsAt),
        inArray(appointment.status, ['pending', 'confirmed']),
      ),
    )
    .for('update', { skipLocked: true })
    .limit(1);
  return row ?? null;
}

/** Whether a reminder at this offset or a later one already went for this start. */
export async function reminderSent(tx: Tx, id: string, startsAt: Date, hoursBefore: number) {
  const rows = await tx
    .select({ id: appointmentReminder.id })
    .from(appointmentReminder)
    .where(
      and(
        eq(appointmentReminder.appointmentId, id),
        eq(appointmentReminder.startsAt, startsAt),
        sql`${appointmentReminder.hoursBefore} <= ${hoursBefore}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Records the reminder; null when it exists already (the unique key). */
export async function insertReminder(
  tx: Tx,
  row: { appointmentId: string; hoursBefore: number; startsAt: Date; channel: 'email' | 'sms' },
): Promise<string | null> {
  const [created] = await tx
    .insert(appointmentReminder)
    .values({
      ...row,
      dueAt: new Date(row.startsAt.getTime() - row.hoursBefore * 3_600_000),
      queuedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: appointmentReminder.id });
  return created?.id ?? null;
}

export async function setReminderMessage(tx: Tx, id: string, outboxMessageId: string) {
  await tx
    .update(appointmentReminder)
    .set({ outboxMessageId })
    .where(eq(appointmentReminder.id, id));
}

/** The queued reminders' outbox messages of an appointment. */
export async function queuedMessages(tx: Tx, appointmentId: string): Promise<string[]> {
  const rows = await tx
    .select({ messageId: appointmentReminder.outboxMessageId })
    .from(appointmentReminder)
    .where(
      and(
        eq(appointmentReminder.appointmentId, appointmentId),
        eq(appointmentReminder.status, 'queued'),
      ),
    );
  return rows.flatMap((r) => (r.messageId ? [r.messageId] : []));
}

export async function markWithdrawn(tx: Tx, messageIds: string[], reason: string) {
  if (!messageIds.length) return;
  await tx
    .update(appointmentReminder)
    .set({ status: 'withdrawn', skipReason: reason })
    .where(inArray(appointmentReminder.outboxMessageId, messageIds));
}

/** Unused links of an appointment stop working now (moved, cancelled, deleted). */
export async function expireLinks(tx: Tx, appointmentId: string) {
  await tx
    .update(appointmentLink)
    .set({ expiresAt: sql`least(${appointmentLink.expiresAt}, now())` })
    .where(and(eq(appointmentLink.appointmentId, appointmentId), isNull(appointmentLink.usedAt)));
}

export async function insertLink(
  tx: Tx,
  row: {
    appointmentId: string;
    reminderId: string;
    purpose: ReminderLinkPurpose;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await tx.insert(appointmentLink).values(row);
}

export async function findLink(db: Q, tokenHash: string) {
  const [row] = await db
    .select({
      id: appointmentLink.id,
      appointmentId: appointmentLink.appointmentId,
      purpose: appointmentLink.purpose,
      expiresAt: appointmentLink.expiresAt,
      usedAt: appointmentLink.usedAt,
    })
    .from(appointmentLink)
    .where(eq(appointmentLink.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks the link used; false when another request used it first. */
export async function useLink(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(appointmentLink)
    .set({ usedAt: new Date() })
    .where(and(eq(appointmentLink.id, id), isNull(appointmentLink.usedAt)))
    .returning({ id: appointmentLink.id });
  return rows.length > 0;
}

/** The patient's contact details and reminder preference. */
export async function reminderContact(db: Q, patientId: string) {
  const [row] = await db
    .select({
      name: patient.name,
      email: patient.email,
      phone: patient.contactNumber,
      channel: patientReminderPreference.channel,
      language: patientReminderPreference.language,
      hours: patientReminderPreference.hours,
    })
    .from(patient)
    .leftJoin(patientReminderPreference, eq(patientReminderPreference.patientId, patient.id))
    .where(and(eq(patient.id, patientId), isNull(patient.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function writePreference(
  tx: Tx,
  patientId: string,
  value: {
    channel: ReminderChannel;
    language: 'es' | 'en' | null;
    hours: number[] | null;
    updatedBy: string;
  },
) {
  await tx
    .insert(patientReminderPreference)
    .values({ patientId, ...value })
    .onConflictDoUpdate({
      target: patientReminderPreference.patientId,
      set: { ...value, updatedAt: new Date() },
    });
}

export async function markPatientConfirmed(tx: Tx, id: string) {
  await tx
    .update(appointment)
    .set({
      patientConfirmedAt: new Date(),
      version: sql`${appointment.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(appointment.id, id));
}
