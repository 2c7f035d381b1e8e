/**
 * The appointments waitlist (ADR 0032): entries (staff for any patient; a patient their own when the
 * clinic lets patients book or request), the list, and the answer to an offer — from the signed-in
 * patient's page or from the e-mailed link without signing in. Taking books through the same path as
 * every booking (`booking.ts`: the exclusion constraint decides); a slot taken meanwhile is 409
 * `waitlist_slot_gone` and the patient stays on the list. Every decision is audited with the patient.
 */
import type { z } from 'zod';
import type {
  createWaitlistEntrySchema,
  WaitlistEntry,
  WaitlistLinkView,
  WaitlistList,
  WaitlistOffer,
  WaitlistOfferResult,
} from '@painlab/shared/waitlist';
import { hasPermission } from '@painlab/shared/permissions';
import { appendAudit, recordAudit, type Actor, type Tx } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited } from '../../audit/refusals';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { LINK_TOKEN } from '../../lib/link-token';
import { findLivePatient, insertAppointment, patientOfAccount } from './appointment.repository';
import { event, isStaff, refuse, type Viewer } from './appointments.policy';
import { clinicianId } from './availability.service';
import { findType, readSettings } from './availability.repository';
import { guardOverlap, hasPgCode, timesOf } from './booking';
import { offerTokenHash, passOfferOn, publishOfferChanged } from './waitlist-offers.service';
import {
  findEntry,
  findOffer,
  findOfferByHash,
  insertEntry,
  listLiveEntries,
  lockEntry,
  lockOffer,
  lockOpenOfferOfEntry,
  openOffersOf,
  setEntryStatus,
  setOfferStatus,
  type EntryRow,
  type OfferRow,
} from './waitlist.repository';
import { isUuid } from '../../lib/uuid';

const uuidOrNull = (id: string) => (isUuid(id) ? id.toLowerCase() : null);

const toOffer = (o: OfferRow): WaitlistOffer => ({
  id: o.id,
  startsAt: o.startsAt.toISOString(),
  endsAt: new Date(o.startsAt.getTime() + o.durationMinutes * 60_000).toISOString(),
  timeZone: o.timeZone,
  specialist: { id: o.specialistId, name: o.specialistName },
  type: { id: o.typeId, name: { es: o.typeNameEs, en: o.typeNameEn } },
  modality: o.modality,
  location: o.location,
  expiresAt: o.expiresAt.toISOString(),
});

const toEntry = (e: EntryRow, offer: OfferRow | undefined): WaitlistEntry => ({
  id: e.id,
  patient: { id: e.patientId, name: e.patientName },
  specialist: e.specialistId ? { id: e.specialistId, name: e.specialistName ?? '' } : null,
  type: { id: e.typeId, name: { es: e.typeNameEs, en: e.typeNameEn } },
  earliestDate: e.earliestDate,
  latestDate: e.latestDate,
  timesOfDay: e.timesOfDay as WaitlistEntry['timesOfDay'],
  note: e.note,
  status: e.status,
  createdAt: e.createdAt.toISOString(),
  offer: offer ? toOffer(offer) : null,
});

/** Whether the clinic lets patients add themselves (they may book or request online). */
const patientsMayJoin = async (deps: Deps) =>
  (await readSettings(deps.database.db)).patientBooking !== 'view';

const mayEdit = (viewer: Viewer) =>
  isStaff(viewer) && hasPermission(viewer.role, 'appointments', 'create');

/**
 * The live waitlist: staff see every entry (queue order); a patient only their own. One audit row
 * per entry listed, with its patient, in the read's transaction (ADR 0011).
 */
export async function listWaitlist(deps: Deps, viewer: Viewer): Promise<WaitlistList> {
  let patientId: string | null = null;
  if (!isStaff(viewer)) {
    const own =
      viewer.role === 'user' ? await patientOfAccount(deps.database.db, viewer.userId) : null;
    if (!own) return { items: [], canAdd: false };
    patientId = own.id;
  }
  const canAdd = isStaff(viewer) ? mayEdit(viewer) : await patientsMayJoin(deps);
  return deps.database.db.transaction(async (tx) => {
    const rows = await listLiveEntries(tx, patientId, 500);
    const offers = new Map(
      (
        await openOffersOf(
          tx,
          rows.map((r) => r.id),
        )
      ).map((o) => [o.entryId, o]),
    );
    for (const r of rows)
      await appendAudit(tx, event(viewer, 'appointments.waitlist.list', r.id, r.patientId));
    return { items: rows.map((r) => toEntry(r, offers.get(r.id))), canAdd };
  });
}

type CreateInput = z.output<typeof createWaitlistEntrySchema>;

/** Adds an entry: staff for a named patient; a patient for themselves (not when booking is view-only). */
export async function addToWaitlist(
  deps: Deps,
  viewer: Viewer,
  input: CreateInput,
): Promise<WaitlistEntry> {
  const attempted = 'appointments.waitlist.add';
  let patientId: string | null;
  if (isStaff(viewer)) {
    patientId = input.patientId ? uuidOrNull(input.patientId) : null;
    if (!mayEdit(viewer))
      await refuse(deps, viewer, attempted, { id: null, patientId }, 'missing_permission', {
        action: 'create',
        resource: 'appointments',
      });
    if (!patientId || !(await findLivePatient(deps.database.db, patientId)))
      throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
  } else {
    const own =
      viewer.role === 'user' ? await patientOfAccount(deps.database.db, viewer.userId) : null;
    patientId = own?.id ?? null;
    const named = input.patientId ? uuidOrNull(input.patientId) : null;
    if (!own || (input.patientId !== undefined && named !== own.id))
      await refuse(
        deps,
        viewer,
        attempted,
        { id: null, patientId: named ?? patientId },
        own ? 'not_own_record' : 'no_linked_record',
        { action: 'create', resource: 'appointments' },
      );
    if (!(await patientsMayJoin(deps)))
      await refuse(deps, viewer, attempted, { id: null, patientId }, 'booking_view_only', {
        action: 'book online',
        resource: 'appointments',
      });
  }
  const id = await auditingDomainRefusals(
    deps.database.db,
    (reason) => event(viewer, attempted, null, patientId, { reason }, 'denied'),
    async () => {
      const type = await findType(deps.database.db, input.typeId);
      if (!type || !type.active || (!isStaff(viewer) && type.bookableBy !== 'patient'))
        throw DomainError.invalidField('typeId', 'invalid_value', 'invalid_choice');
      const specialistId = input.specialistId
        ? await clinicianId(deps, input.specialistId, 'specialistId')
        : null;
      try {
        return await deps.database.db.transaction(async (tx) => {
          const created = await insertEntry(tx, {
            patientId: patientId!,
            specialistId,
            typeId: type.id,
            earliestDate: input.earliestDate ?? null,
            latestDate: input.latestDate ?? null,
            timesOfDay: [...new Set(input.timesOfDay ?? [])],
            note: input.note || null,
            createdBy: viewer.userId,
          });
          await appendAudit(
            tx,
            event(viewer, attempted, created, patientId, {
              specialist: specialistId ?? 'any',
              type: type.id,
            }),
          );
          return created;
        });
      } catch (error) {
        if (hasPgCode(error, '23505')) throw DomainError.waitlist('waitlist_duplicate');
        throw error;
      }
    },
  );
  const row = (await findEntry(deps.database.db, id))!;
  return toEntry(row, undefined);
}

/** The entry for `viewer`, or a 404 (another patient's is refused, audited, as absent). */
async function ownEntry(deps: Deps, viewer: Viewer, id: string, attempted: string) {
  const valid = uuidOrNull(id);
  const row = valid ? await findEntry(deps.database.db, valid) : null;
  if (!row) throw DomainError.notFound();
  if (isStaff(viewer)) {
    if (!mayEdit(viewer))
      await refuse(
        deps,
        viewer,
        attempted,
        { id: row.id, patientId: row.patientId },
        'missing_permission',
        {
          action: 'edit',
          resource: 'appointments',
        },
      );
  } else if (viewer.role !== 'user' || row.patientUserId !== viewer.userId) {
    await refuse(
      deps,
      viewer,
      attempted,
      { id: row.id, patientId: row.patientId },
      'not_visible',
      'not_found',
    );
  }
  return row;
}

/** Takes an entry off the list; an open offer it holds goes to the next person. */
export async function removeFromWaitlist(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  const attempted = 'appointments.waitlist.remove';
  const row = await ownEntry(deps, viewer, id, attempted);
  const woken = await auditingDomainRefusals(
    deps.database.db,
    (reason) => event(viewer, attempted, row.id, row.patientId, { reason }, 'denied'),
    () =>
      deps.database.db.transaction(async (tx) => {
        const current = await lockEntry(tx, row.id);
        if (!current || (current.status !== 'waiting' && current.status !== 'offered'))
          throw DomainError.conflict();
        const open = await lockOpenOfferOfEntry(tx, row.id);
        const passed = open ? await passOfferOn(deps, tx, open.id, 'withdrawn', 'removed') : [];
        if (!open) await setEntryStatus(tx, row.id, 'removed');
        await appendAudit(tx, event(viewer, attempted, row.id, row.patientId));
        return passed;
      }),
  );
  if (woken.length) deps.realtime.wake(woken);
  deps.outbox.wake();
}

// ---- answering an offer ----

type Answer = 'take' | 'decline';

/**
 * Takes or declines an open offer, under its row lock: taking inserts the appointment through the
 * booking path (the exclusion constraint decides), closes the entry and records the offer; a second
 * answer finds it decided (`waitlist_link_used`). A slot taken meanwhile withdraws the offer and
 * puts the entry back in the queue (`waitlist_slot_gone`).
 */
async function answer(
  deps: Deps,
  actor: Actor & { userId: string | null },
  offer: OfferRow,
  what: Answer,
  attempted: string,
  now = new Date(),
): Promise<WaitlistOfferResult> {
  const denied = (reason: string) =>
    event(actor, attempted, offer.id, offer.patientId, { reason }, 'denied');
  // the open pages to refresh after the commit (ADR 0032)
  const woken: string[] = [];
  try {
    return await auditingDomainRefusals(deps.database.db, denied, () =>
      guardOverlap(() =>
        deps.database.db.transaction(async (tx) => {
          // locks in one order everywhere, the entry before its offer (removal, lapse): no deadlock
          await lockEntry(tx, offer.entryId);
          const current = await lockOffer(tx, offer.id);
          if (!current) throw DomainError.waitlist('waitlist_link_invalid');
          if (current.status !== 'open')
            throw DomainError.waitlist(
              current.status === 'lapsed' ? 'waitlist_link_expired' : 'waitlist_link_used',
            );
          if (current.expiresAt.getTime() <= now.getTime())
            throw DomainError.waitlist('waitlist_link_expired');
          if (what === 'decline') {
            woken.push(...(await passOfferOn(deps, tx, offer.id, 'declined', 'waiting')));
            await appendAudit(tx, event(actor, attempted, offer.id, offer.patientId));
            return { outcome: 'declined' as const, appointmentId: null };
          }
          const appointmentId = await insertAppointment(tx, {
            patientId: offer.patientId,
            specialistId: offer.specialistId,
            typeId: offer.typeId,
            ...timesOf(offer.startsAt, offer),
            timeZone: offer.timeZone,
            modality: offer.modality,
            location: offer.location,
            status: 'confirmed',
            notes: null,
            patientNote: null,
            ...(await priceOf(tx, offer.typeId)),
            rebookedFromId: null,
            bookedBy: actor.userId,
          });
          await setOfferStatus(tx, offer.id, 'taken', appointmentId);
          await setEntryStatus(tx, offer.entryId, 'booked', appointmentId);
          woken.push(...(await publishOfferChanged(tx, offer)));
          await appendAudit(
            tx,
            event(actor, attempted, appointmentId, offer.patientId, { offer: offer.id }),
          );
          return { outcome: 'booked' as const, appointmentId };
        }),
      ),
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'slot_taken') {
      // the time went to someone else meanwhile: the offer ends, the patient stays in the queue
      await deps.database.db.transaction(async (tx) => {
        await lockEntry(tx, offer.entryId);
        const current = await lockOffer(tx, offer.id);
        if (current?.status !== 'open') return;
        await setOfferStatus(tx, offer.id, 'withdrawn');
        await setEntryStatus(tx, offer.entryId, 'waiting');
        woken.push(...(await publishOfferChanged(tx, offer)));
      });
      throw DomainError.waitlist('waitlist_slot_gone');
    }
    throw error;
  } finally {
    if (woken.length) deps.realtime.wake([...new Set(woken)]);
    deps.outbox.wake();
  }
}

async function priceOf(tx: Tx, typeId: string) {
  const type = (await findType(tx, typeId))!;
  return { priceCents: type.priceCents, currency: type.currency };
}

/** The signed-in patient answers an offer shown on their page. */
export async function answerOffer(
  deps: Deps,
  viewer: Viewer,
  id: string,
  what: Answer,
): Promise<WaitlistOfferResult> {
  const attempted = `appointments.waitlist.${what}`;
  const valid = uuidOrNull(id);
  const offer = valid ? await findOffer(deps.database.db, valid) : null;
  if (!offer) throw DomainError.notFound();
  if (viewer.role !== 'user' || offer.patientUserId !== viewer.userId)
    await refuse(
      deps,
      viewer,
      attempted,
      { id: offer.id, patientId: offer.patientId },
      'not_visible',
      'not_found',
    );
  return answer(deps, viewer, offer, what, attempted);
}

// ---- the e-mailed link (without signing in) ----

const linkActor = (base: Actor): Actor & { userId: null } => ({
  ...base,
  userId: null,
  role: 'waitlist-link',
});

/** The offer a token names, or the refusal (audited) that says why not. */
async function byToken(deps: Deps, actor: Actor, token: string, attempted: string) {
  const offer = LINK_TOKEN.test(token)
    ? await findOfferByHash(deps.database.db, offerTokenHash(deps, token))
    : null;
  if (!offer || offer.patientName === null)
    return refuseAudited(
      deps.database.db,
      event(actor, attempted, null, null, { reason: 'waitlist_link_invalid' }, 'denied'),
      DomainError.waitlist('waitlist_link_invalid'),
    );
  const code =
    offer.status === 'lapsed' ||
    (offer.status === 'open' && offer.expiresAt.getTime() <= Date.now())
      ? 'waitlist_link_expired'
      : offer.status !== 'open'
        ? 'waitlist_link_used'
        : null;
  if (code)
    return refuseAudited(
      deps.database.db,
      event(actor, attempted, offer.id, offer.patientId, { reason: code }, 'denied'),
      DomainError.waitlist(code),
    );
  return offer;
}

/** What the offer's page shows before acting (a read: audited with the patient). */
export async function openOfferLink(
  deps: Deps,
  base: Actor,
  token: string,
): Promise<WaitlistLinkView> {
  const actor = linkActor(base);
  const offer = await byToken(deps, actor, token, 'appointments.waitlist.link_open');
  await recordAudit(
    deps.database.db,
    event(actor, 'appointments.waitlist.link_open', offer.id, offer.patientId),
  );
  return {
    clinic: deps.env.CLINIC_NAME,
    patientFirstName: (offer.patientName ?? '').split(/\s+/)[0] ?? '',
    offer: toOffer(offer),
  };
}

/** Takes or declines through the link. */
export async function answerByLink(
  deps: Deps,
  base: Actor,
  token: string,
  what: Answer,
): Promise<WaitlistOfferResult> {
  const actor = linkActor(base);
  const attempted = `appointments.waitlist.link_${what}`;
  const offer = await byToken(deps, actor, token, attempted);
  return answer(deps, actor, offer, what, attempted);
}

/** For the guard's audit row of a refused request on `/api/appointments/waitlist/:id`. */
export async function patientOfWaitlistEntry(deps: Deps, id: string): Promise<string | null> {
  const valid = uuidOrNull(id);
  return valid ? ((await findEntry(deps.database.db, valid))?.patientId ?? null) : null;
}

/** The patient of an offer (for the audit row of a refused request that named it). */
export async function patientOfWaitlistOffer(deps: Deps, id: string): Promise<string | null> {
  const valid = uuidOrNull(id);
  return valid ? ((await findOffer(deps.database.db, valid))?.patientId ?? null) : null;
}
