/** One appointment as an iCalendar file (RFC 5545) with reminders, written by the `ics` library. */
import { createEvent, createEvents, type EventAttributes, type EventStatus } from 'ics';
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

const FEED_TEXT = {
  es: {
    staffCalendar: (clinic: string) => `${clinic}: mi agenda`,
    patientCalendar: (clinic: string) => `${clinic}: mis citas`,
    patientTitle: (type: string, clinic: string) => `Cita: ${type} (${clinic})`,
    telehealth: 'Videoconsulta',
  },
  en: {
    staffCalendar: (clinic: string) => `${clinic}: my agenda`,
    patientCalendar: (clinic: string) => `${clinic}: my appointments`,
    patientTitle: (type: string, clinic: string) => `Appointment: ${type} (${clinic})`,
    telehealth: 'Video visit',
  },
} as const;

/**
 * A patient's name as a staff feed shows it (ADR 0028): initials only ("Ana García López" → "A. G.
 * L."), at most three, so a calendar copied to a phone or a cloud service names nobody.
 */
export function initials(name: string | null): string {
  if (!name) return '—';
  const letters = name
    .trim()
    .split(/\s+/)
    .map((part) => Array.from(part)[0]?.toLocaleUpperCase() ?? '')
    .filter(Boolean)
    .slice(0, 3);
  return letters.length ? letters.map((l) => `${l}.`).join(' ') : '—';
}

/**
 * A subscription feed (ADR 0028): one event per appointment, minimal. Staff: the type and the
 * patient's initials; a patient: the type and the clinic. Times in UTC, stable UIDs (the same as the
 * single-appointment file) with the version as SEQUENCE, cancelled visits as STATUS:CANCELLED so
 * subscribed calendars drop them; no notes, no description, no alarms.
 */
export function feedIcs(
  rows: AppointmentRow[],
  audience: 'staff' | 'patient',
  lang: Lang,
  clinic: string,
  host: string,
): string {
  const t = FEED_TEXT[lang];
  const events: EventAttributes[] = rows.map((row) => {
    const type = lang === 'es' ? row.typeNameEs : row.typeNameEn;
    return {
      uid: `${row.id}@${host}`,
      sequence: row.version,
      start: row.startsAt.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: row.endsAt.getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title:
        audience === 'staff'
          ? `${type} · ${initials(row.patientName)}`
          : t.patientTitle(type, clinic),
      location: row.modality === 'telehealth' ? t.telehealth : (row.location ?? clinic),
      status: STATUS[row.status],
      busyStatus: row.status === 'cancelled' ? 'FREE' : 'BUSY',
      classification: 'PRIVATE',
    };
  });
  const { error, value } = createEvents(events, {
    productId: 'painlab/calendar-feed',
    method: 'PUBLISH',
    calName: audience === 'staff' ? t.staffCalendar(clinic) : t.patientCalendar(clinic),
  });
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}
