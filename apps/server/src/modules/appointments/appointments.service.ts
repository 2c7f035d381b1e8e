/**
 * One appointment: staff booking, a patient's own booking or request, the audited read, the agenda
 * list, status changes, cancellation, moving, rebooking, deletion (administrators) and the .ics file.
 * Types, hours, slots and settings: `availability.service.ts`. A specialist is never double-booked:
 * the database's exclusion constraint decides, and its refusal is a 409 `slot_taken`.
 */
import type {
  Appointment,
  appointmentListQuerySchema,
  AppointmentStatus,
  CancelAppointmentInput,
  createAppointmentSchema,
  MyAppointments,
  rebookAppointmentSchema,
  requestAppointmentSchema,
  rescheduleAppointmentSchema,
} from '@painlab/shared/appointments';
import { APPOINTMENT_TRANSITIONS } from '@painlab/shared/appointments';
import type { Lang } from '@painlab/shared/errors';
import { hasPermission } from '@painlab/shared/permissions';
import type { z } from 'zod';
import { appendAudit, appendAuditMany, type Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import {
  deleteAppointmentRow,
  findAccountByEmail,
  findAppointment,
  findLivePatient,
  insertAppointment,
  listAppointments,
  listForPatient,
  lockAppointment,
  nextForPatients,
  patientOfAccount,
  updateAppointmentRow,
} from './appointment.repository';
import { appointmentIcs } from './appointments.ics';
import { guardOverlap, timesOf, typeFor, zoneFor } from './booking';
import { toAppointment } from './appointments.mapping';
import {
  auditingRefusals,
  canSee,
  cancelRefusal,
  event,
  isStaff,
  refuse,
  type Viewer,
} from './appointments.policy';
import type { AppointmentRow, AppointmentWrite } from './appointments.query';
import { clinicianId, searchSlots } from './availability.service';
import { readSettings } from './availability.repository';
import { noShowCounts } from './no-shows.repository';
import { noticeAppointment } from './notices.service';
import { withdrawReminders } from './reminders.service';
import { offerFreedTime } from './waitlist-offers.service';
import { cancelSeriesPart, moveSeriesPart } from './series.service';
import { isUuid } from '../../lib/uuid';

export type { Viewer } from './appointments.policy';

/** Ids are UUIDs; anything else names no record. */
export function appointmentId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

const noticeOf = async (deps: Deps) => (await readSettings(deps.database.db)).cancelNoticeHours;

/** After the commit: the notices' recipients' open pages, and the outbox for their e-mails. */
function wakeFor(deps: Deps, woken: string[]) {
  if (!woken.length) return;
  deps.realtime.wake(woken);
  deps.outbox.wake();
}

async function insertAudited(
  deps: Deps,
  viewer: Viewer,
  write: AppointmentWrite,
  action: string,
  details?: Record<string, string>,
) {
  const { id, woken } = await guardOverlap(() =>
    deps.database.db.transaction(async (tx) => {
      const created = await insertAppointment(tx, write);
      await appendAudit(tx, event(viewer, action, created, write.patientId, details));
      return {
        id: created,
        woken: await noticeAppointment(tx, deps.env, 'booked', created, viewer),
      };
    }),
  );
  wakeFor(deps, woken);
  return toAppointment(
    viewer,
    (await findAppointment(deps.database.db, id))!,
    await noticeOf(deps),
  );
}

/** Staff book for a patient at any free time (outside the weekly hours too: the desk decides). */
export async function bookAppointment(
  deps: Deps,
  viewer: Viewer,
  input: z.output<typeof createAppointmentSchema>,
): Promise<Appointment> {
  const patientId = isUuid(input.patientId) ? input.patientId.toLowerCase() : null;
  const ref = { id: null, patientId };
  return auditingRefusals(deps, viewer, 'appointments.create', ref, async () => {
    const patient = patientId ? await findLivePatient(deps.database.db, patientId) : null;
    if (!patient) throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
    const specialistId = await clinicianId(deps, input.specialistId, 'specialistId');
    const type = await typeFor(deps.database.db, input.typeId);
    const modality = input.modality ?? type.modality ?? 'in_person';
    if (type.modality && modality !== type.modality)
      throw DomainError.invalidField('modality', 'invalid_value', 'invalid_choice');
    return insertAudited(
      deps,
      viewer,
      {
        patientId: patient.id,
        specialistId,
        typeId: type.id,
        ...timesOf(new Date(input.startsAt), type),
        timeZone: input.timeZone ?? (await zoneFor(deps, specialistId)),
        modality,
        location: input.location ?? null,
        status: input.status,
        notes: input.notes ?? null,
        patientNote: null,
        priceCents: type.priceCents,
        currency: type.currency,
        rebookedFromId: null,
        bookedBy: viewer.userId,
      },
      'appointments.create',
    );
  });
}

/**
 * A patient books one of the free slots for themselves (`self`: confirmed) or asks for it
 * (`request`: pending until staff confirm); `view` lets them only look.
 */
export async function requestAppointment(
  deps: Deps,
  viewer: Viewer,
  input: z.output<typeof requestAppointmentSchema>,
  now = new Date(),
): Promise<Appointment> {
  const own =
    viewer.role === 'user' ? await patientOfAccount(deps.database.db, viewer.userId) : null;
  const ref = { id: null, patientId: own?.id ?? null };
  if (!own)
    await refuse(
      deps,
      viewer,
      'appointments.request',
      ref,
      viewer.role === 'user' ? 'no_linked_record' : 'patients_only',
      {
        action: 'book online',
        resource: 'appointments',
      },
    );
  const settings = await readSettings(deps.database.db);
  if (settings.patientBooking === 'view')
    await refuse(deps, viewer, 'appointments.request', ref, 'booking_view_only', {
      action: 'book online',
      resource: 'appointments',
    });
  return auditingRefusals(deps, viewer, 'appointments.request', ref, async () => {
    const type = await typeFor(deps.database.db, input.typeId);
    if (type.bookableBy !== 'patient')
      throw DomainError.invalidField('typeId', 'invalid_value', 'invalid_choice');
    const startsAt = new Date(input.startsAt);
    // the slot must be one the search offers (the day around it, in every zone)
    const day = (offset: number) =>
      new Date(startsAt.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = await searchSlots(
      deps,
      viewer,
      { specialistId: input.specialistId, typeId: type.id, from: day(-1), to: day(1) },
      now,
    );
    const slot = slots.find((s) => s.startsAt === startsAt.toISOString());
    if (!slot) throw DomainError.slotUnavailable();
    return insertAudited(
      deps,
      viewer,
      {
        patientId: own!.id,
        specialistId: input.specialistId,
        typeId: type.id,
        ...timesOf(startsAt, type),
        timeZone: slot.timeZone,
        modality: slot.modality,
        location: slot.location,
        status: settings.patientBooking === 'self' ? 'confirmed' : 'pending',
        notes: null,
        patientNote: input.note ?? null,
        priceCents: type.priceCents,
        currency: type.currency,
        rebookedFromId: null,
        bookedBy: viewer.userId,
      },
      'appointments.request',
      { mode: settings.patientBooking },
    );
  });
}

/** The appointment's row for `viewer`, or a 404 (one they may not see is refused, audited, as absent). */
async function visible(
  deps: Deps,
  viewer: Viewer,
  id: string,
  attempted: string,
): Promise<AppointmentRow> {
  const row = await findAppointment(deps.database.db, id);
  if (!row) throw DomainError.notFound();
  if (!canSee(viewer, row)) await refuse(deps, viewer, attempted, row, 'not_visible', 'not_found');
  return row;
}

/**
 * The patient an appointment is about, or null (no such appointment): the guard names them in the
 * audit row of a refused request (app.ts), as it does on a patient's own routes.
 */
export async function patientOfAppointment(deps: Deps, id: string): Promise<string | null> {
  return (await findAppointment(deps.database.db, id))?.patientId ?? null;
}

/** The read and its audit row in one transaction. */
export async function readAppointment(
  deps: Deps,
  viewer: Viewer,
  id: string,
): Promise<Appointment> {
  const found = await deps.database.db.transaction(async (tx) => {
    const row = await findAppointment(tx, id);
    if (!row) throw DomainError.notFound();
    if (!canSee(viewer, row)) return { row, visible: false };
    await appendAudit(tx, event(viewer, 'appointments.view', id, row.patientId));
    return { row, visible: true };
  });
  if (!found.visible)
    return refuse(deps, viewer, 'appointments.view', found.row, 'not_visible', 'not_found');
  return toAppointment(viewer, found.row, await noticeOf(deps));
}

/** The .ics file of an appointment the viewer may see (audited like a read). */
export async function appointmentCalendar(
  deps: Deps,
  viewer: Viewer,
  id: string,
  lang: Lang,
): Promise<string> {
  const row = await deps.database.db.transaction(async (tx) => {
    const found = await findAppointment(tx, id);
    if (!found) throw DomainError.notFound();
    if (!canSee(viewer, found)) return { found, ok: false };
    await appendAudit(tx, event(viewer, 'appointments.ics', id, found.patientId));
    return { found, ok: true };
  });
  if (!row.ok)
    return refuse(deps, viewer, 'appointments.ics', row.found, 'not_visible', 'not_found');
  const host = new URL(baseUrlOf(deps.env)).host;
  return appointmentIcs(row.found, lang, deps.env.CLINIC_NAME, host);
}

type ListQuery = z.output<typeof appointmentListQuerySchema>;

/**
 * The agenda: staff see everyone's; a patient only their own record's (a patient filter from them
 * is refused, audited). One audit row per appointment listed, with its patient, in the read's
 * transaction (ADR 0011).
 */
export async function listForViewer(deps: Deps, viewer: Viewer, query: ListQuery) {
  let patientId: string | undefined;
  if (query.patientId !== undefined) {
    const valid = isUuid(query.patientId);
    if (!isStaff(viewer))
      await refuse(
        deps,
        viewer,
        'appointments.list',
        { id: null, patientId: valid ? query.patientId.toLowerCase() : null },
        'identifying_parameter:patientId',
        { action: 'filter by patient', resource: 'appointments' },
      );
    if (!valid) throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
    patientId = query.patientId.toLowerCase();
  }
  if (!isStaff(viewer)) {
    const own = await patientOfAccount(deps.database.db, viewer.userId);
    if (!own) return { items: [], truncated: false };
    patientId = own.id;
  }
  const notice = await noticeOf(deps);
  return deps.database.db.transaction(async (tx) => {
    const rows = await listAppointments(
      tx,
      {
        from: new Date(query.from),
        to: new Date(query.to),
        specialistIds: query.specialistId,
        patientId,
        statuses: query.status,
      },
      query.limit,
    );
    const page = rows.slice(0, query.limit);
    await appendAuditMany(
      tx,
      page.map((r) => event(viewer, 'appointments.list', r.id, r.patientId)),
    );
    // staff see each patient's no-shows beside the visit (ADR 0021)
    const noShows = isStaff(viewer)
      ? await noShowCounts(tx, [...new Set(page.map((r) => r.patientId))])
      : null;
    return {
      items: page.map((r) => ({
        ...toAppointment(viewer, r, notice),
        ...(noShows ? { patientNoShows: noShows.get(r.patientId) ?? 0 } : {}),
      })),
      truncated: rows.length > query.limit,
    };
  });
}

/** A patient's appointments for their chart (staff), latest first, audited with the patient. */
export async function listForPatientChart(deps: Deps, viewer: Viewer, patientId: string) {
  const valid = isUuid(patientId) ? patientId.toLowerCase() : null;
  if (!isStaff(viewer))
    await refuse(
      deps,
      viewer,
      'appointments.patient_list',
      { id: null, patientId: valid },
      'staff_only',
      {
        action: 'view',
        resource: 'appointments',
      },
    );
  if (!valid || !(await findLivePatient(deps.database.db, valid))) throw DomainError.notFound();
  const notice = await noticeOf(deps);
  const LIMIT = 200;
  return deps.database.db.transaction(async (tx) => {
    const rows = await listForPatient(tx, valid, LIMIT + 1, 'desc');
    await appendAudit(
      tx,
      event(viewer, 'appointments.patient_list', null, valid, {
        count: Math.min(rows.length, LIMIT),
      }),
    );
    return {
      items: rows.slice(0, LIMIT).map((r) => toAppointment(viewer, r, notice)),
      truncated: rows.length > LIMIT,
    };
  });
}

/** A patient's own appointments, upcoming (soonest first) and past (latest first). */
export async function mine(deps: Deps, viewer: Viewer, now = new Date()): Promise<MyAppointments> {
  const settings = await readSettings(deps.database.db);
  const base = {
    patientBooking: settings.patientBooking,
    cancelNoticeHours: settings.cancelNoticeHours,
  };
  const own =
    viewer.role === 'user' ? await patientOfAccount(deps.database.db, viewer.userId) : null;
  if (!own) return { upcoming: [], past: [], ...base };
  const rows = await deps.database.db.transaction(async (tx) => {
    const list = await listForPatient(tx, own.id, 500);
    await appendAudit(tx, event(viewer, 'appointments.mine', null, own.id, { count: list.length }));
    return list;
  });
  const items = rows.map((r) => toAppointment(viewer, r, settings.cancelNoticeHours, now));
  return {
    upcoming: items.filter((a) => Date.parse(a.endsAt) >= now.getTime()),
    past: items.filter((a) => Date.parse(a.endsAt) < now.getTime()).reverse(),
    ...base,
  };
}

/** Confirm, complete or mark a no-show (staff), along the allowed transitions. */
export async function transitionAppointment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  to: AppointmentStatus,
  version: number,
  now = new Date(),
): Promise<Appointment> {
  const before = await visible(deps, viewer, id, 'appointments.transition');
  return auditingRefusals(deps, viewer, 'appointments.transition', before, async () => {
    await deps.database.db.transaction(async (tx) => {
      const current = await lockAppointment(tx, id);
      if (!current) throw DomainError.notFound();
      if (current.version !== version) throw DomainError.conflict();
      const allowed =
        APPOINTMENT_TRANSITIONS[current.status].includes(to) &&
        (to === 'confirmed' || current.startsAt.getTime() <= now.getTime());
      if (!allowed) throw DomainError.transitionNotAllowed();
      await updateAppointmentRow(tx, id, { status: to });
      await appendAudit(
        tx,
        event(viewer, 'appointments.transition', id, before.patientId, {
          from: current.status,
          to,
        }),
      );
    });
    return toAppointment(
      viewer,
      (await findAppointment(deps.database.db, id))!,
      await noticeOf(deps),
    );
  });
}

/** Cancel with a reason: staff any time; the patient their own before the notice period. */
export async function cancelAppointment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: CancelAppointmentInput,
  now = new Date(),
): Promise<Appointment> {
  const before = await visible(deps, viewer, id, 'appointments.cancel');
  const notice = await noticeOf(deps);
  if (input.scope && input.scope !== 'one' && before.seriesId) {
    const scope = input.scope;
    wakeFor(deps, await cancelSeriesPart(deps, viewer, before, { ...input, scope }, now));
    deps.outbox.wake();
    return toAppointment(viewer, (await findAppointment(deps.database.db, id))!, notice);
  }
  return auditingRefusals(deps, viewer, 'appointments.cancel', before, async () => {
    const woken = await deps.database.db.transaction(async (tx) => {
      const current = await lockAppointment(tx, id);
      if (!current) throw DomainError.notFound();
      if (current.version !== input.version) throw DomainError.conflict();
      const refusal = cancelRefusal(viewer, { ...before, ...current }, notice, now);
      if (refusal === 'status') throw DomainError.transitionNotAllowed();
      if (refusal === 'notice') throw DomainError.cancelNoticePassed(notice);
      if (refusal === 'forbidden') throw DomainError.forbidden('edit', 'this appointment');
      await updateAppointmentRow(tx, id, {
        status: 'cancelled',
        cancelReason: input.reason,
        cancelledBy: viewer.userId,
        cancelledByRole: viewer.role,
        cancelledAt: now,
      });
      await withdrawReminders(tx, id, 'cancelled');
      await appendAudit(
        tx,
        event(viewer, 'appointments.cancel', id, before.patientId, { from: current.status }),
      );
      // the freed time goes to the first matching patient on the waitlist (ADR 0032)
      const offered = await offerFreedTime(deps, tx, { ...before, ...current, id });
      return [...offered, ...(await noticeAppointment(tx, deps.env, 'cancelled', id, viewer))];
    });
    wakeFor(deps, woken);
    deps.outbox.wake();
    return toAppointment(viewer, (await findAppointment(deps.database.db, id))!, notice);
  });
}

/** Move to another time (and specialist), from the version read; the new time must be free. */
export async function rescheduleAppointment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: z.output<typeof rescheduleAppointmentSchema>,
): Promise<Appointment> {
  const before = await visible(deps, viewer, id, 'appointments.reschedule');
  if (input.scope !== 'one' && before.seriesId) {
    const scope = input.scope;
    wakeFor(deps, await moveSeriesPart(deps, viewer, before, { ...input, scope }));
    deps.outbox.wake();
    return toAppointment(
      viewer,
      (await findAppointment(deps.database.db, id))!,
      await noticeOf(deps),
    );
  }
  return auditingRefusals(deps, viewer, 'appointments.reschedule', before, async () => {
    const specialistId = input.specialistId
      ? await clinicianId(deps, input.specialistId, 'specialistId')
      : undefined;
    const woken = await guardOverlap(() =>
      deps.database.db.transaction(async (tx) => {
        const current = await lockAppointment(tx, id);
        if (!current) throw DomainError.notFound();
        if (current.version !== input.version) throw DomainError.conflict();
        if (current.status !== 'pending' && current.status !== 'confirmed')
          throw DomainError.transitionNotAllowed();
        const type = await typeFor(tx, current.typeId);
        await updateAppointmentRow(tx, id, {
          ...timesOf(new Date(input.startsAt), type),
          ...(specialistId ? { specialistId } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
        });
        await withdrawReminders(tx, id, 'moved');
        await appendAudit(
          tx,
          event(viewer, 'appointments.reschedule', id, before.patientId, {
            from: current.startsAt.toISOString(),
            to: input.startsAt,
          }),
        );
        // the time it left goes to the waitlist, if the new time does not hold it (ADR 0032)
        const offered = await offerFreedTime(deps, tx, { ...before, ...current, id });
        // a move to another specialist tells the one who no longer has it too
        const former =
          specialistId && specialistId !== current.specialistId ? current.specialistId : null;
        return [
          ...offered,
          ...(await noticeAppointment(tx, deps.env, 'moved', id, viewer, former)),
        ];
      }),
    );
    wakeFor(deps, woken);
    deps.outbox.wake();
    return toAppointment(
      viewer,
      (await findAppointment(deps.database.db, id))!,
      await noticeOf(deps),
    );
  });
}

/** The next visit from this one, in one step: same patient, specialist, place and type by default. */
export async function rebookAppointment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: z.output<typeof rebookAppointmentSchema>,
): Promise<Appointment> {
  const from = await visible(deps, viewer, id, 'appointments.rebook');
  return auditingRefusals(deps, viewer, 'appointments.rebook', from, async () => {
    if (!from.patientName)
      throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
    const type = await typeFor(deps.database.db, input.typeId ?? from.typeId);
    const modality = type.modality ?? from.modality;
    return insertAudited(
      deps,
      viewer,
      {
        patientId: from.patientId,
        specialistId: from.specialistId,
        typeId: type.id,
        ...timesOf(new Date(input.startsAt), type),
        timeZone: from.timeZone,
        modality,
        location: modality === from.modality ? from.location : null,
        status: 'confirmed',
        notes: input.notes ?? null,
        patientNote: null,
        priceCents: type.priceCents,
        currency: type.currency,
        rebookedFromId: from.id,
        bookedBy: viewer.userId,
      },
      'appointments.rebook',
      { from: from.id },
    );
  });
}

/** Remove an appointment booked in error (administrators; the audit keeps that it existed). */
export async function deleteAppointment(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  const before = await visible(deps, viewer, id, 'appointments.delete');
  if (!hasPermission(viewer.role, 'appointments', 'delete'))
    await refuse(deps, viewer, 'appointments.delete', before, 'missing_permission', {
      action: 'delete',
      resource: 'appointments',
    });
  const woken = await deps.database.db.transaction(async (tx) => {
    await withdrawReminders(tx, id, 'deleted');
    await deleteAppointmentRow(tx, id);
    await appendAudit(tx, event(viewer, 'appointments.delete', id, before.patientId));
    return before.status === 'pending' || before.status === 'confirmed'
      ? offerFreedTime(deps, tx, before)
      : [];
  });
  wakeFor(deps, woken);
  deps.outbox.wake();
}

/**
 * For other modules (the patients' list and chart): each patient's next visit that is pending or
 * confirmed, read with the caller's handle (its transaction). The caller audits its own read (the
 * patient list already writes a row per patient it shows).
 */
export async function nextAppointments(
  db: Tx | Deps['database']['db'],
  patientIds: string[],
  now = new Date(),
): Promise<Map<string, string>> {
  const rows = await nextForPatients(db, patientIds, now);
  return new Map(rows.map((r) => [r.patientId, r.startsAt.toISOString()]));
}

/** An account's id by e-mail (the demo seed). */
export async function accountId(deps: Deps, email: string): Promise<string | null> {
  return findAccountByEmail(deps.database.db, email);
}
