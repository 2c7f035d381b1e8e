/** Rows → the API's shapes. */
import type {
  Appointment,
  AppointmentType,
  AvailabilityException,
  WeeklyHours,
} from '@painlab/shared/appointments';
import type { AppointmentRow } from './appointments.query';
import { allowedTransitions, cancelRefusal, isStaff, type Viewer } from './appointments.policy';
import type { listExceptions, listHours, listTypes } from './availability.repository';

const iso = (d: Date) => d.toISOString();

export function toAppointment(
  viewer: Viewer,
  row: AppointmentRow,
  noticeHours: number,
  now = new Date(),
): Appointment {
  const staff = isStaff(viewer);
  return {
    id: row.id,
    // an archived patient's name is not shown: the appointment keeps its link
    patient: { id: row.patientId, name: row.patientName ?? '' },
    specialist: { id: row.specialistId, name: row.specialistName },
    type: { id: row.typeId, name: { es: row.typeNameEs, en: row.typeNameEn } },
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    timeZone: row.timeZone,
    modality: row.modality,
    location: row.location,
    status: row.status,
    notes: staff ? row.notes : null,
    patientNote: row.patientNote,
    priceCents: row.priceCents,
    currency: row.currency,
    cancellation:
      row.status === 'cancelled' && row.cancelReason && row.cancelledAt
        ? {
            reason: row.cancelReason,
            by:
              row.cancelledById && row.cancelledByName !== null
                ? { id: row.cancelledById, name: row.cancelledByName }
                : null,
            byRole: row.cancelledByRole ?? 'system',
            at: iso(row.cancelledAt),
          }
        : null,
    rebookedFromId: row.rebookedFromId,
    series:
      row.seriesId && row.seriesIndex !== null && row.seriesCount !== null
        ? { id: row.seriesId, index: row.seriesIndex, count: row.seriesCount }
        : null,
    allowedTransitions: allowedTransitions(viewer, row, now),
    canCancel: cancelRefusal(viewer, { ...row, id: row.id }, noticeHours, now) === null,
    canReschedule:
      staff &&
      viewer.role !== 'researcher' &&
      (row.status === 'pending' || row.status === 'confirmed'),
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    patientConfirmedAt: row.patientConfirmedAt ? iso(row.patientConfirmedAt) : null,
  };
}

type TypeRow = Awaited<ReturnType<typeof listTypes>>[number];
export const toType = (row: TypeRow): AppointmentType => ({
  id: row.id,
  name: { es: row.nameEs, en: row.nameEn },
  durationMinutes: row.durationMinutes,
  bufferMinutes: row.bufferMinutes,
  priceCents: row.priceCents,
  currency: row.currency,
  bookableBy: row.bookableBy,
  modality: row.modality,
  active: row.active,
});

type HoursRow = Awaited<ReturnType<typeof listHours>>[number];
export const toHours = (row: HoursRow): WeeklyHours => ({
  id: row.id,
  weekday: row.weekday,
  start: row.startTime,
  end: row.endTime,
  modality: row.modality,
  location: row.location,
  timeZone: row.timeZone,
});

type ExceptionRow = Awaited<ReturnType<typeof listExceptions>>[number];
export const toException = (row: ExceptionRow): AvailabilityException => ({
  id: row.id,
  kind: row.kind,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  modality: row.modality,
  location: row.location,
  timeZone: row.timeZone,
  note: row.note,
});
