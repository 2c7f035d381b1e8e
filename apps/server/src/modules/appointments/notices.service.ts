/**
 * What people hear about an appointment booked, moved or cancelled (ADR 0030): the patient (when
 * their record has a portal account) and the specialist, never the person who made the change. Each
 * gets the in-app notice (`appointment_booked` / `_moved` / `_cancelled`, linking to their own view of
 * it) and, when their `appointment` preference allows e-mail and they would not see it in the app,
 * a minimal e-mail through the outbox (which change, the time in the appointment's zone, the link).
 * Made in the transaction of the change; the caller wakes the returned ids after the commit.
 */
import { IDENTIFIED_VIEWERS } from '@painlab/shared/permissions';
import type { Tx } from '../../audit/audit';
import { baseUrlOf, type Env } from '../../env';
import { notifyAccount } from '../notifications/notifications.service';
import { findAppointment } from './appointment.repository';
import type { AppointmentRow } from './appointments.query';

export type AppointmentChange = 'booked' | 'moved' | 'cancelled';

const TYPE = {
  booked: 'appointment_booked',
  moved: 'appointment_moved',
  cancelled: 'appointment_cancelled',
} as const;

/** A patient's appointments page. */
export const PATIENT_APPOINTMENTS_LINK = '/appointments-page';

/** The agenda on the appointment's day (its zone), showing its specialist. */
export function agendaLink(row: Pick<AppointmentRow, 'startsAt' | 'timeZone' | 'specialistId'>) {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: row.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(row.startsAt);
  return `/appointments?date=${day}&s=${encodeURIComponent(row.specialistId)}`;
}

export interface ChangedBy {
  /** The account that made the change (null: a reminder link, or the system). */
  userId: string | null;
  /** The patient made it themselves without signing in (a reminder's cancel link). */
  patient?: boolean;
}

/**
 * Tells the people an appointment concerns about its change, in `tx` (after the write). `formerSpecialistId`:
 * a move to another specialist tells the one who no longer has it too. Returns the ids to wake.
 */
export async function noticeAppointment(
  tx: Tx,
  env: Env,
  change: AppointmentChange,
  appointmentId: string,
  by: ChangedBy,
  formerSpecialistId: string | null = null,
): Promise<string[]> {
  const row = await findAppointment(tx, appointmentId);
  if (!row) return [];
  const actorId = by.userId ?? (by.patient ? row.patientUserId : null);
  const recipients: { id: string; patient: boolean }[] = [];
  // an archived patient's record shows no name (`patientName` null): nobody speaks to it
  if (row.patientUserId && row.patientName !== null && !by.patient)
    recipients.push({ id: row.patientUserId, patient: true });
  for (const id of new Set([row.specialistId, formerSpecialistId]))
    if (id) recipients.push({ id, patient: false });
  const woken: string[] = [];
  for (const r of recipients) {
    if (r.id === by.userId) continue;
    const link = r.patient ? PATIENT_APPOINTMENTS_LINK : agendaLink(row);
    const id = await notifyAccount(tx, {
      recipientId: r.id,
      type: TYPE[change],
      refId: row.id,
      link,
      actorId,
      roles: r.patient ? ['user'] : IDENTIFIED_VIEWERS,
      mail: {
        template: 'appointment.notice',
        params: {
          clinic: env.CLINIC_NAME,
          kind: change,
          startsAt: row.startsAt.toISOString(),
          timeZone: row.timeZone,
          link: `${baseUrlOf(env)}${link}`,
        },
        patientId: row.patientId,
        dedupeKey: `appointment-${change}:${row.id}:${r.id}:${row.version}`,
      },
    });
    if (id) woken.push(id);
  }
  return woken;
}
