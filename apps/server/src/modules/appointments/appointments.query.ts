/**
 * The one select of appointments every read of the module builds on: the appointment with its
 * patient's, specialist's, type's and canceller's names.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { appointment, appointmentSeries, appointmentType, patient, user } from '../../db/schema';

export type Q = Db | Tx;

const specialist = alias(user, 'specialist');
const canceller = alias(user, 'canceller');

export const appointmentColumns = {
  id: appointment.id,
  patientId: appointment.patientId,
  patientName: patient.name,
  patientUserId: patient.userId,
  specialistId: appointment.specialistId,
  specialistName: specialist.name,
  typeId: appointment.typeId,
  typeNameEs: appointmentType.nameEs,
  typeNameEn: appointmentType.nameEn,
  startsAt: appointment.startsAt,
  endsAt: appointment.endsAt,
  blockedUntil: appointment.blockedUntil,
  timeZone: appointment.timeZone,
  modality: appointment.modality,
  location: appointment.location,
  status: appointment.status,
  notes: appointment.notes,
  patientNote: appointment.patientNote,
  priceCents: appointment.priceCents,
  currency: appointment.currency,
  cancelReason: appointment.cancelReason,
  cancelledById: appointment.cancelledBy,
  cancelledByName: canceller.name,
  cancelledByRole: appointment.cancelledByRole,
  cancelledAt: appointment.cancelledAt,
  rebookedFromId: appointment.rebookedFromId,
  seriesId: appointment.seriesId,
  seriesIndex: appointment.seriesIndex,
  seriesCount: appointmentSeries.count,
  patientConfirmedAt: appointment.patientConfirmedAt,
  version: appointment.version,
  createdAt: appointment.createdAt,
  updatedAt: appointment.updatedAt,
};

export type AppointmentRow = Awaited<ReturnType<typeof selectAppointments>>[number];

/** Appointments with their names; an archived patient's name is not shown (the link stays). */
export function selectAppointments(db: Q) {
  return db
    .select(appointmentColumns)
    .from(appointment)
    .leftJoin(patient, and(eq(patient.id, appointment.patientId), isNull(patient.deletedAt)))
    .innerJoin(specialist, eq(specialist.id, appointment.specialistId))
    .innerJoin(appointmentType, eq(appointmentType.id, appointment.typeId))
    .leftJoin(canceller, eq(canceller.id, appointment.cancelledBy))
    .leftJoin(appointmentSeries, eq(appointmentSeries.id, appointment.seriesId));
}

/** What a booking writes. */
export interface AppointmentWrite {
  patientId: string;
  specialistId: string;
  typeId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  timeZone: string;
  modality: 'in_person' | 'telehealth';
  location: string | null;
  status: 'pending' | 'confirmed';
  notes: string | null;
  patientNote: string | null;
  priceCents: number;
  currency: string;
  rebookedFromId: string | null;
  bookedBy: string | null;
  /** One of a recurring series (ADR 0037). */
  seriesId?: string;
  seriesIndex?: number;
}
