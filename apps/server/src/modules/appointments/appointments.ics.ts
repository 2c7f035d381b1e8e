/** One appointment as an iCalendar file (RFC 5545) with reminders, written by the `ics` library. */
import { createEvent, type EventStatus } from 'ics';
import type { Lang } from '@painlab/shared/errors';
import type { AppointmentRow } from './appointments.query';

const TEXT = {
  es: {
    title: (type: string, who: string) => `Cita: ${type} con ${who}`,
    telehealth: 'Videoconsulta',
    reminder: (type: string) => `Recordatorio: ${type}`,
    description: (clinic: string) => `Cita en ${clinic}. Si no puede acudir, avise a la clínica.`,
  },
  en: {
    title: (type: string, who: string) => `Appointment: ${type} with ${who}`,
    telehealth: 'Video visit',
    reminder: (type: string) => `Reminder: ${type}`,
    description: (clinic: string) =>
      `Appointment at ${clinic}. If you cannot come, please let the clinic know.`,
  },
} as const;

const STATUS: Record<AppointmentRow['status'], EventStatus> = {
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  no_show: 'CONFIRMED',
  cancelled: 'CANCELLED',
};

/** The .ics text: UTC times, a stable UID, reminders 24 h and 2 h before. */
export function appointmentIcs(
  row: AppointmentRow,
  lang: Lang,
  clinic: string,
  host: string,
): string {
  const t = TEXT[lang];
  const type = lang === 'es' ? row.typeNameEs : row.typeNameEn;
  const { error, value } = createEvent({
    productId: 'painlab/appointments',
    uid: `${row.id}@${host}`,
    sequence: row.version,
    start: row.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: t.title(type, row.specialistName),
    description: t.description(clinic),
    location: row.modality === 'telehealth' ? t.telehealth : (row.location ?? clinic),
    status: STATUS[row.status],
    busyStatus: 'BUSY',
    classification: 'PRIVATE',
    alarms: [
      { action: 'display', description: t.reminder(type), trigger: { hours: 24, before: true } },
      { action: 'display', description: t.reminder(type), trigger: { hours: 2, before: true } },
    ],
  });
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}
