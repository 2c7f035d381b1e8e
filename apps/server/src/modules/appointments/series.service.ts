/**
 * Recurring series (ADR 0037): "weekly for 16 weeks", "every two weeks". A series is booked as
 * ordinary appointments in one transaction, each pointing at its `appointment_series` row with its
 * place in it; the dates keep the first visit's wall-clock time in its zone across DST changes
 * (luxon's calendar arithmetic). The preview says which dates another visit holds before anything
 * is saved; booking refuses the whole series on a taken date (409 `series_conflict`, the dates in
 * the details) unless asked to book only the free dates. The exclusion constraint stays the final
 * word: a booking racing the series makes it 409 `slot_taken` with nothing saved.
 *
 * Moving or cancelling "this and the following" or "the whole series" applies the same change to
 * each open visit (pending or confirmed) of that part of the series, all or nothing: a move shifts
 * each visit by the same number of days and the same change of wall-clock time.
 */
import type {
  createSeriesSchema,
  SeriesCreated,
  SeriesOccurrence,
  SeriesPreview,
  SeriesScope,
} from '@painlab/shared/appointments';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { appendAudit, appendAuditMany, type Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import {
  busyBetween,
  findAppointments,
  findLivePatient,
  insertAppointment,
  updateAppointmentRow,
} from './appointment.repository';
import { auditingRefusals, event, isStaff, refuse, type Viewer } from './appointments.policy';
import type { AppointmentRow } from './appointments.query';
import { toAppointment } from './appointments.mapping';
import { readSettings } from './availability.repository';
import { clinicianId } from './availability.service';
import { guardOverlap, timesOf, typeFor, zoneFor } from './booking';
import { noticeAppointment } from './notices.service';
import { withdrawReminders } from './reminders.service';
import { insertSeries, lockSeriesVisits, type SeriesVisit } from './series.repository';
import { offerFreedTime } from './waitlist-offers.service';
import { isUuid } from '../../lib/uuid';

type SeriesInput = z.output<typeof createSeriesSchema>;

/**
 * The starts of `count` visits `intervalWeeks` apart, at the first one's wall-clock time in `zone`
 * (10:00 in Madrid stays 10:00 after the clocks change). A time that does not exist on a
 * spring-forward day is moved forward by luxon.
 */
export function seriesStarts(
  first: Date,
  zone: string,
  intervalWeeks: number,
  count: number,
): Date[] {
  const start = DateTime.fromJSDate(first, { zone });
  return Array.from({ length: count }, (_, i) =>
    start.plus({ weeks: i * intervalWeeks }).toJSDate(),
  );
}

/**
 * `from` moved by the wall-clock change from `before` to `after` in `zone`: the same number of
 * calendar days and the same change of time of day (so a visit on another date of the series moves
 * like the one that was dragged, whatever the DST offset on its own date).
 */
export function shiftLocal(from: Date, before: Date, after: Date, zone: string): Date {
  const a = DateTime.fromJSDate(before, { zone });
  const b = DateTime.fromJSDate(after, { zone });
  const days = Math.round(b.startOf('day').diff(a.startOf('day'), 'days').days);
  const minutes = b.hour * 60 + b.minute - (a.hour * 60 + a.minute);
  const local = DateTime.fromJSDate(from, { zone });
  const total = local.hour * 60 + local.minute + minutes;
  const dayShift = days + Math.floor(total / 1440);
  const ofDay = ((total % 1440) + 1440) % 1440;
  return local
    .startOf('day')
    .plus({ days: dayShift })
    .set({ hour: Math.floor(ofDay / 60), minute: ofDay % 60, second: 0, millisecond: 0 })
    .toJSDate();
}

interface Planned {
  index: number;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
}

/** Which of `planned` another visit of the specialist holds (not counting `except`). */
async function conflicting(
  db: Tx | Deps['database']['db'],
  specialistId: string,
  planned: Planned[],
  except: Set<string> = new Set(),
): Promise<Set<number>> {
  if (planned.length === 0) return new Set();
  const start = new Date(Math.min(...planned.map((p) => p.startsAt.getTime())));
  const end = new Date(Math.max(...planned.map((p) => p.blockedUntil.getTime())));
  const busy = (await busyBetween(db, specialistId, start, end)).filter((b) => !except.has(b.id));
  const taken = new Set<number>();
  for (const p of planned)
    if (busy.some((b) => b.startsAt < p.blockedUntil && b.blockedUntil > p.startsAt))
      taken.add(p.index);
  return taken;
}

const occurrence = (p: Planned, taken: Set<number>): SeriesOccurrence => ({
  index: p.index,
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt.toISOString(),
  conflict: taken.has(p.index),
});

/** What a series' input names, checked as one booking's is, and its dates. */
async function plan(deps: Deps, input: SeriesInput) {
  const patientId = isUuid(input.patientId) ? input.patientId.toLowerCase() : null;
  const patient = patientId ? await findLivePatient(deps.database.db, patientId) : null;
  if (!patient) throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
  const specialistId = await clinicianId(deps, input.specialistId, 'specialistId');
  const type = await typeFor(deps.database.db, input.typeId);
  const modality = input.modality ?? type.modality ?? 'in_person';
  if (type.modality && modality !== type.modality)
    throw DomainError.invalidField('modality', 'invalid_value', 'invalid_choice');
  const timeZone = input.timeZone ?? (await zoneFor(deps, specialistId));
  const planned: Planned[] = seriesStarts(
    new Date(input.startsAt),
    timeZone,
    input.intervalWeeks,
    input.count,
  ).map((startsAt, i) => ({ index: i + 1, ...timesOf(startsAt, type) }));
  return { patient, specialistId, type, modality, timeZone, planned };
}

const refOf = (input: SeriesInput) => ({
  id: null,
  patientId: isUuid(input.patientId) ? input.patientId.toLowerCase() : null,
});

/** The series' dates and which of them are taken, before anything is saved (audited). */
export async function previewSeries(
  deps: Deps,
  viewer: Viewer,
  input: SeriesInput,
): Promise<SeriesPreview> {
  return auditingRefusals(deps, viewer, 'appointments.series_preview', refOf(input), async () => {
    const p = await plan(deps, input);
    const taken = await conflicting(deps.database.db, p.specialistId, p.planned);
    await deps.database.db.transaction((tx) =>
      appendAudit(
        tx,
        event(viewer, 'appointments.series_preview', null, p.patient.id, {
          count: input.count,
          taken: taken.size,
        }),
      ),
    );
    return { timeZone: p.timeZone, occurrences: p.planned.map((o) => occurrence(o, taken)) };
  });
}

/**
 * Books the series in one transaction: every date, or (with `skipConflicts`) every free date.
 * One audit row per visit, with the patient; one notice to the patient, for the first visit.
 */
export async function createSeries(
  deps: Deps,
  viewer: Viewer,
  input: SeriesInput,
): Promise<SeriesCreated> {
  return auditingRefusals(deps, viewer, 'appointments.series_create', refOf(input), async () => {
    const p = await plan(deps, input);
    const { seriesId, ids, skipped, woken } = await guardOverlap(() =>
      deps.database.db.transaction(async (tx) => {
        const taken = await conflicting(tx, p.specialistId, p.planned);
        const free = p.planned.filter((o) => !taken.has(o.index));
        if ((taken.size && !input.skipConflicts) || free.length === 0)
          throw DomainError.seriesConflict(
            p.planned
              .filter((o) => taken.has(o.index))
              .map((o) => ({ index: o.index, startsAt: o.startsAt.toISOString() })),
          );
        const seriesId = await insertSeries(tx, {
          intervalWeeks: input.intervalWeeks,
          count: input.count,
          timeZone: p.timeZone,
          createdBy: viewer.userId,
        });
        const ids: string[] = [];
        for (const o of free)
          ids.push(
            await insertAppointment(tx, {
              patientId: p.patient.id,
              specialistId: p.specialistId,
              typeId: p.type.id,
              startsAt: o.startsAt,
              endsAt: o.endsAt,
              blockedUntil: o.blockedUntil,
              timeZone: p.timeZone,
              modality: p.modality,
              location: input.location ?? null,
              status: input.status,
              notes: input.notes ?? null,
              patientNote: null,
              priceCents: p.type.priceCents,
              currency: p.type.currency,
              rebookedFromId: null,
              bookedBy: viewer.userId,
              seriesId,
              seriesIndex: o.index,
            }),
          );
        await appendAuditMany(
          tx,
          ids.map((id, i) =>
            event(viewer, 'appointments.create', id, p.patient.id, {
              series: seriesId,
              index: free[i]!.index,
            }),
          ),
        );
        const woken = await noticeAppointment(tx, deps.env, 'booked', ids[0]!, viewer);
        return {
          seriesId,
          ids,
          skipped: p.planned.filter((o) => taken.has(o.index)).map((o) => occurrence(o, taken)),
          woken,
        };
      }),
    );
    if (woken.length) {
      deps.realtime.wake(woken);
      deps.outbox.wake();
    }
    const notice = (await readSettings(deps.database.db)).cancelNoticeHours;
    const rows = await findAppointments(deps.database.db, ids);
    const items = rows.map((row) => toAppointment(viewer, row, notice));
    return { seriesId, items, skipped };
  });
}

/**
 * The visits a scope covers: this one, and the series' open visits (pending or confirmed) still to
 * come — all of them, or those from this one's date on (by date, not place: a visit moved on its own
 * keeps its index). Visits that already took place are never changed with the series.
 */
async function scoped(
  tx: Tx,
  row: AppointmentRow,
  scope: Exclude<SeriesScope, 'one'>,
  now: Date,
): Promise<SeriesVisit[]> {
  const visits = await lockSeriesVisits(tx, row.seriesId!);
  const self = visits.find((v) => v.id === row.id);
  return visits.filter(
    (v) =>
      (v.status === 'pending' || v.status === 'confirmed') &&
      (v.id === row.id ||
        (v.startsAt.getTime() >= now.getTime() &&
          (scope === 'all' || (self !== undefined && v.startsAt >= self.startsAt)))),
  );
}

/** Only staff act on a series at once; a patient changes their own visits one by one. */
async function staffOnly(deps: Deps, viewer: Viewer, attempted: string, row: AppointmentRow) {
  if (!isStaff(viewer))
    await refuse(deps, viewer, attempted, row, 'series_scope_staff_only', {
      action: 'edit',
      resource: 'appointments',
    });
}

/** Cancels this visit and the following, or every open visit of its series, with one reason. */
export async function cancelSeriesPart(
  deps: Deps,
  viewer: Viewer,
  row: AppointmentRow,
  input: { version: number; reason: string; scope: Exclude<SeriesScope, 'one'> },
  now = new Date(),
): Promise<string[]> {
  await staffOnly(deps, viewer, 'appointments.cancel', row);
  return auditingRefusals(deps, viewer, 'appointments.cancel', row, async () => {
    const woken = await deps.database.db.transaction(async (tx) => {
      const visits = await scoped(tx, row, input.scope, now);
      const self = visits.find((v) => v.id === row.id);
      if (!self) throw DomainError.transitionNotAllowed();
      if (self.version !== input.version) throw DomainError.conflict();
      const woken: string[] = [];
      for (const v of visits) {
        await updateAppointmentRow(tx, v.id, {
          status: 'cancelled',
          cancelReason: input.reason,
          cancelledBy: viewer.userId,
          cancelledByRole: viewer.role,
          cancelledAt: now,
        });
        await withdrawReminders(tx, v.id, 'cancelled');
        woken.push(...(await offerFreedTime(deps, tx, { ...row, ...v })));
      }
      await appendAuditMany(
        tx,
        visits.map((v) =>
          event(viewer, 'appointments.cancel', v.id, row.patientId, {
            from: v.status,
            series: row.seriesId!,
            scope: input.scope,
          }),
        ),
      );
      woken.push(...(await noticeAppointment(tx, deps.env, 'cancelled', row.id, viewer)));
      return woken;
    });
    return woken;
  });
}

/**
 * Moves this visit and the following, or every open visit of its series, by the change from this
 * visit's time to `startsAt` (and to another specialist, if given). Refused as a whole, naming the
 * dates, when another visit holds any of the new times.
 */
export async function moveSeriesPart(
  deps: Deps,
  viewer: Viewer,
  row: AppointmentRow,
  input: {
    version: number;
    startsAt: string;
    specialistId?: string | undefined;
    notes?: string | null | undefined;
    scope: Exclude<SeriesScope, 'one'>;
  },
  now = new Date(),
): Promise<string[]> {
  await staffOnly(deps, viewer, 'appointments.reschedule', row);
  return auditingRefusals(deps, viewer, 'appointments.reschedule', row, async () => {
    // another specialist only when asked; otherwise each visit keeps its own
    const newSpecialist = input.specialistId
      ? await clinicianId(deps, input.specialistId, 'specialistId')
      : null;
    return guardOverlap(() =>
      deps.database.db.transaction(async (tx) => {
        const visits = await scoped(tx, row, input.scope, now);
        const self = visits.find((v) => v.id === row.id);
        if (!self) throw DomainError.transitionNotAllowed();
        if (self.version !== input.version) throw DomainError.conflict();
        const type = await typeFor(tx, row.typeId);
        const target = new Date(input.startsAt);
        const moves = visits.map((v) => ({
          visit: v,
          index: v.seriesIndex,
          specialistId: newSpecialist ?? v.specialistId,
          // the visit moved by hand lands exactly where asked (an ambiguous local hour stays so)
          ...timesOf(
            v.id === self.id ? target : shiftLocal(v.startsAt, self.startsAt, target, row.timeZone),
            type,
          ),
        }));
        const ids = new Set(visits.map((v) => v.id));
        const taken = new Set<number>();
        for (const specialistId of new Set(moves.map((m) => m.specialistId)))
          for (const index of await conflicting(
            tx,
            specialistId,
            moves.filter((m) => m.specialistId === specialistId),
            ids,
          ))
            taken.add(index);
        if (taken.size)
          throw DomainError.seriesConflict(
            moves
              .filter((m) => taken.has(m.index))
              .map((m) => ({ index: m.index, startsAt: m.startsAt.toISOString() })),
          );
        // later visits first when moving later (earlier first when moving earlier), so no visit
        // lands, even for a moment, on a sibling's time the constraint would refuse
        const later = target.getTime() >= self.startsAt.getTime();
        moves.sort((a, b) =>
          later
            ? b.startsAt.getTime() - a.startsAt.getTime()
            : a.startsAt.getTime() - b.startsAt.getTime(),
        );
        const woken: string[] = [];
        for (const m of moves) {
          await updateAppointmentRow(tx, m.visit.id, {
            startsAt: m.startsAt,
            endsAt: m.endsAt,
            blockedUntil: m.blockedUntil,
            specialistId: m.specialistId,
            ...(m.visit.id === row.id && input.notes !== undefined ? { notes: input.notes } : {}),
          });
          await withdrawReminders(tx, m.visit.id, 'moved');
        }
        for (const m of moves)
          woken.push(...(await offerFreedTime(deps, tx, { ...row, ...m.visit })));
        await appendAuditMany(
          tx,
          moves.map((m) =>
            event(viewer, 'appointments.reschedule', m.visit.id, row.patientId, {
              from: m.visit.startsAt.toISOString(),
              to: m.startsAt.toISOString(),
              series: row.seriesId!,
              scope: input.scope,
            }),
          ),
        );
        const former =
          newSpecialist && newSpecialist !== row.specialistId ? row.specialistId : null;
        woken.push(...(await noticeAppointment(tx, deps.env, 'moved', row.id, viewer, former)));
        return woken;
      }),
    );
  });
}
