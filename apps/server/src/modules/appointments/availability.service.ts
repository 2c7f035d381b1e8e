/**
 * Appointment types, specialists' weekly hours and exceptions, free slots, and the clinic's booking
 * settings. None of it is patient data; changes are audited all the same.
 */
import type {
  availabilityExceptionInputSchema,
  weeklyAvailabilityInputSchema,
  AppointmentSettings,
  Availability,
  AvailabilityExceptionInput,
  Slot,
  SlotQuery,
  UpdateAppointmentSettingsInput,
  WeeklyAvailabilityInput,
} from '@painlab/shared/appointments';
import { APPOINTMENT_LIMITS } from '@painlab/shared/appointments';
import type { z } from 'zod';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { clinicians, isClinician } from '../users/users.service';
import { busyBetween } from './appointment.repository';
import type { Q } from './appointments.query';
import { toException, toHours, toType } from './appointments.mapping';
import { event, isStaff, refuse, type Viewer } from './appointments.policy';
import {
  deleteException,
  findType,
  insertException,
  listExceptions,
  listHours,
  listTypes,
  readSettings,
  replaceHours,
  writeSettings,
} from './availability.repository';
import { freeSlots, localSpan, rangeBounds } from './slots';
import { isUuid } from '../../lib/uuid';

const DAY_MS = 24 * 3_600_000;

export async function types(deps: Deps, viewer: Viewer) {
  const rows = (await listTypes(deps.database.db)).filter((t) => t.active);
  // patients are offered only what they may book
  return (isStaff(viewer) ? rows : rows.filter((t) => t.bookableBy === 'patient')).map(toType);
}

export async function specialists(deps: Deps) {
  return clinicians(deps);
}

/** A specialist's id as it names a bookable clinician, or a 400 on `field`. */
export async function clinicianId(deps: Deps, id: string, field: string): Promise<string> {
  if (id.length > 100 || !(await isClinician(deps, id)))
    throw DomainError.invalidField(field, 'invalid_value', 'invalid_choice');
  return id;
}

/** Specialists change their own hours; administrators anyone's. */
async function requireOwnOrAdmin(
  deps: Deps,
  viewer: Viewer,
  specialistId: string,
  attempted: string,
) {
  if (viewer.role === 'admin' || (viewer.role === 'specialist' && viewer.userId === specialistId))
    return;
  await refuse(deps, viewer, attempted, { id: null, patientId: null }, 'not_own_availability', {
    action: 'edit',
    resource: 'appointments',
  });
}

export async function readAvailability(
  deps: Deps,
  viewer: Viewer,
  specialistId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<Availability> {
  if (!isStaff(viewer))
    await refuse(
      deps,
      viewer,
      'appointments.availability.view',
      { id: null, patientId: null },
      'staff_only',
      {
        action: 'view',
        resource: 'appointments',
      },
    );
  await clinicianId(deps, specialistId, 'specialistId');
  const db = deps.database.db;
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(Date.now() - 7 * DAY_MS);
  const end = to
    ? new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS)
    : new Date(Date.now() + 120 * DAY_MS);
  const [hours, exceptions] = await Promise.all([
    listHours(db, specialistId),
    listExceptions(db, specialistId, new Date(start.getTime() - DAY_MS), end),
  ]);
  return { specialistId, hours: hours.map(toHours), exceptions: exceptions.map(toException) };
}

export async function replaceWeeklyHours(
  deps: Deps,
  viewer: Viewer,
  specialistId: string,
  input: z.output<typeof weeklyAvailabilityInputSchema>,
): Promise<Availability> {
  await requireOwnOrAdmin(deps, viewer, specialistId, 'appointments.availability.edit');
  await clinicianId(deps, specialistId, 'specialistId');
  // overlapping hours on one day in one zone are a mistake, not more time
  const byDay = new Map<string, { start: string; end: string }[]>();
  input.hours.forEach((h, i) => {
    const key = `${h.weekday}|${h.timeZone}`;
    const list = byDay.get(key) ?? [];
    if (list.some((o) => o.start < h.end && h.start < o.end))
      throw DomainError.invalidField(`hours.${i}.start`, 'invalid_value', 'overlapping_hours');
    list.push(h);
    byDay.set(key, list);
  });
  await deps.database.db.transaction(async (tx) => {
    await replaceHours(
      tx,
      specialistId,
      input.hours.map((h) => ({
        weekday: h.weekday,
        startTime: h.start,
        endTime: h.end,
        modality: h.modality,
        location: h.location ?? null,
        timeZone: h.timeZone,
      })),
    );
    await appendAudit(
      tx,
      event(viewer, 'appointments.availability.edit', specialistId, null, {
        hours: input.hours.length,
      }),
    );
  });
  return readAvailability(deps, viewer, specialistId, undefined, undefined);
}

export async function addException(
  deps: Deps,
  viewer: Viewer,
  specialistId: string,
  input: z.output<typeof availabilityExceptionInputSchema>,
) {
  await requireOwnOrAdmin(deps, viewer, specialistId, 'appointments.availability.edit');
  await clinicianId(deps, specialistId, 'specialistId');
  const until = input.untilDate ?? input.date;
  if (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${input.date}T00:00:00Z`) > 366 * DAY_MS)
    throw DomainError.invalidField('untilDate', 'invalid_value', 'range_too_long');
  const span = localSpan(input.date, until, input.start, input.end, input.timeZone);
  if (!span.isValid || !span.start || !span.end)
    throw DomainError.invalidField('start', 'invalid_value', 'invalid_time');
  return deps.database.db.transaction(async (tx) => {
    const id = await insertException(tx, {
      specialistId,
      kind: input.kind,
      startsAt: span.start!.toJSDate(),
      endsAt: span.end!.toJSDate(),
      modality: input.kind === 'extra' ? input.modality! : (input.modality ?? null),
      location: input.location ?? null,
      timeZone: input.timeZone,
      note: input.note ?? null,
      createdBy: viewer.userId,
    });
    await appendAudit(
      tx,
      event(viewer, 'appointments.availability.exception', id, null, { kind: input.kind }),
    );
    const [row] = (
      await listExceptions(tx, specialistId, span.start!.toJSDate(), span.end!.toJSDate())
    ).filter((r) => r.id === id);
    return toException(row!);
  });
}

export async function removeException(
  deps: Deps,
  viewer: Viewer,
  specialistId: string,
  id: string,
) {
  await requireOwnOrAdmin(deps, viewer, specialistId, 'appointments.availability.edit');
  if (!isUuid(id)) throw DomainError.notFound();
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteException(tx, specialistId, id.toLowerCase()))) throw DomainError.notFound();
    await appendAudit(tx, event(viewer, 'appointments.availability.exception_delete', id, null));
  });
}

/** The free slots of a type with a specialist over local days [from, to]. */
export async function searchSlots(
  deps: Deps,
  viewer: Viewer,
  query: SlotQuery,
  now = new Date(),
  db: Q = deps.database.db,
): Promise<Slot[]> {
  const days =
    (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS;
  if (days >= APPOINTMENT_LIMITS.rangeDays)
    throw DomainError.invalidField('to', 'invalid_value', 'range_too_long');
  const type = await findType(db, query.typeId);
  if (!type || !type.active || (!isStaff(viewer) && type.bookableBy !== 'patient'))
    throw DomainError.invalidField('typeId', 'invalid_value', 'invalid_choice');
  await clinicianId(deps, query.specialistId, 'specialistId');
  const hours = await listHours(db, query.specialistId);
  const zones = [...new Set(hours.map((h) => h.timeZone))];
  const bounds = rangeBounds(query.from, query.to, zones);
  const [exceptions, busy] = await Promise.all([
    listExceptions(db, query.specialistId, bounds.start, bounds.end),
    busyBetween(
      db,
      query.specialistId,
      new Date(bounds.start.getTime() - DAY_MS),
      new Date(bounds.end.getTime() + DAY_MS),
    ),
  ]);
  return freeSlots({
    from: query.from,
    to: query.to,
    durationMinutes: type.durationMinutes,
    bufferMinutes: type.bufferMinutes,
    modality: type.modality,
    hours: hours.map((h) => ({
      weekday: h.weekday,
      startTime: h.startTime,
      endTime: h.endTime,
      modality: h.modality,
      location: h.location,
      timeZone: h.timeZone,
    })),
    exceptions,
    busy,
    notBefore: now,
  });
}

export async function settings(deps: Deps): Promise<AppointmentSettings> {
  const row = await readSettings(deps.database.db);
  return {
    patientBooking: row.patientBooking,
    cancelNoticeHours: row.cancelNoticeHours,
    timeZone: row.timeZone,
    reminderHours: row.reminderHours,
  };
}

export async function updateSettings(
  deps: Deps,
  viewer: Viewer,
  input: UpdateAppointmentSettingsInput,
): Promise<AppointmentSettings> {
  if (viewer.role !== 'admin')
    await refuse(
      deps,
      viewer,
      'appointments.settings.edit',
      { id: null, patientId: null },
      'admin_only',
      {
        action: 'edit',
        resource: 'appointment settings',
      },
    );
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await deps.database.db.transaction(async (tx) => {
    await writeSettings(tx, patch);
    await appendAudit(
      tx,
      event(viewer, 'appointments.settings.edit', null, null, {
        fields: Object.keys(patch).sort().join(','),
      }),
    );
  });
  return settings(deps);
}

export type { AvailabilityExceptionInput, WeeklyAvailabilityInput };
