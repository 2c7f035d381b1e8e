/**
 * Offers of freed slots to the waitlist (ADR 0032). When a visit is cancelled (by staff, the patient
 * or a reminder's link), moved away or deleted, its time is offered in the same transaction to the
 * first matching waiting entry (FIFO), whose patient gets a time-limited link through the outbox.
 * An offer that lapses, is declined or whose entry is removed goes to the next matching entry while
 * the time is still free. The lapse job takes one lapsed offer at a time FOR UPDATE SKIP LOCKED, so
 * two instances never offer a slot twice. Nothing here books: taking is `waitlist.service.ts`.
 */
import { derivedKeySecret } from '../../lib/secret';
import { WAITLIST_OFFER_HOURS } from '@painlab/shared/waitlist';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { startPeriodic } from '../../lib/periodic';
import { publishEvents } from '../../realtime/events';
import { busyBetween } from './appointment.repository';
import { event } from './appointments.policy';
import { reminderContact } from './reminders.repository';
import {
  activeAdminIds,
  findOffer,
  insertOffer,
  lockFirstMatch,
  lockLapsedOffer,
  lockOffer,
  setEntryStatus,
  setOfferStatus,
  type FreedSlot,
  type OfferRow,
} from './waitlist.repository';

const HOUR = 3_600_000;
const PURPOSE = 'appointment-waitlist-offer';

export const WAITLIST_SYSTEM: Actor = { userId: null, role: 'system', ip: null, requestId: null };

const linkKey = (deps: Deps) => derivedKeySecret(deps.env);

/** The stored form of an offer link's token (an HMAC, bound to this one purpose). */
export const offerTokenHash = (deps: Deps, token: string) =>
  linkTokenHash(linkKey(deps), PURPOSE, token);

/** The offer's public page: the token rides in the fragment (never in logs or Referer). */
const offerLink = (deps: Deps, token: string) =>
  `${baseUrlOf(deps.env).replace(/\/$/, '')}/cita/lista-espera#${token}`;

const present = (value: string | null) => (value && value.trim() ? value.trim() : null);

/**
 * An `appointment.changed` event, in `tx`, for the people whose open pages show this offer: the
 * patient's account (when the record has one), the specialist and the administrators (who see the
 * whole waitlist). Returns their ids, to wake after the commit (`deps.realtime.wake`).
 */
export async function publishOfferChanged(
  tx: Tx,
  row: Pick<OfferRow, 'id' | 'patientUserId' | 'specialistId'>,
): Promise<string[]> {
  const ids = [
    ...new Set([row.patientUserId, row.specialistId, ...(await activeAdminIds(tx))]),
  ].filter((id): id is string => Boolean(id));
  return publishEvents(
    tx,
    ids.map((userId) => ({
      userId,
      kind: 'appointment.changed' as const,
      data: { offerId: row.id },
    })),
  );
}

/**
 * Offers a freed slot to the first matching waiting entry, in the caller's transaction. Returns the
 * ids of the users to wake after the commit (the offer's patient and specialist: their open pages
 * refresh); none when nobody matches, the slot is past or no longer free.
 */
export async function offerSlot(
  deps: Deps,
  tx: Tx,
  slot: FreedSlot,
  now = new Date(),
): Promise<string[]> {
  if (slot.startsAt.getTime() <= now.getTime()) return [];
  const busy = await busyBetween(tx, slot.specialistId, slot.startsAt, slot.freeUntil);
  if (busy.length) return [];
  for (;;) {
    const match = await lockFirstMatch(tx, slot);
    if (!match) return [];
    const contact = await reminderContact(tx, match.patientId);
    const email = present(contact?.email ?? null);
    const phone = present(contact?.phone ?? null);
    const to = email
      ? { channel: 'email' as const, to: email }
      : phone
        ? { channel: 'sms' as const, to: phone }
        : null;
    const { token, hash } = newLinkToken(linkKey(deps), PURPOSE);
    const expiresAt = new Date(
      Math.min(now.getTime() + WAITLIST_OFFER_HOURS * HOUR, slot.startsAt.getTime()),
    );
    const offerId = await insertOffer(tx, {
      entryId: match.id,
      specialistId: slot.specialistId,
      startsAt: slot.startsAt,
      freeUntil: slot.freeUntil,
      timeZone: slot.timeZone,
      modality: slot.modality,
      location: slot.location,
      sourceAppointmentId: slot.sourceAppointmentId,
      tokenHash: hash,
      expiresAt,
      // nobody to tell: the offer is recorded as lapsed at once and the next entry is asked
      ...(to ? {} : { status: 'lapsed' as const, decidedAt: now }),
    });
    if (!to) {
      await appendAudit(
        tx,
        event(WAITLIST_SYSTEM, 'appointments.waitlist.offer_skipped', offerId, match.patientId, {
          reason: 'no_contact',
        }),
      );
      continue;
    }
    await setEntryStatus(tx, match.id, 'offered');
    const row = (await findOffer(tx, offerId))!;
    await enqueue(tx, {
      ...to,
      language: contact?.language ?? null,
      template: 'appointment.waitlist_offer',
      params: {
        clinic: deps.env.CLINIC_NAME,
        startsAt: row.startsAt.toISOString(),
        timeZone: row.timeZone,
        specialist: row.specialistName,
        type: { es: row.typeNameEs, en: row.typeNameEn },
        location: row.location,
        telehealth: row.modality === 'telehealth',
        link: offerLink(deps, token),
        expiresAt: expiresAt.toISOString(),
      },
      patientId: match.patientId,
      dedupeKey: `appointment-waitlist-offer:${offerId}`,
    });
    await appendAudit(
      tx,
      event(WAITLIST_SYSTEM, 'appointments.waitlist.offer', offerId, match.patientId, {
        entry: match.id,
        channel: to.channel,
      }),
    );
    return publishOfferChanged(tx, row);
  }
}

/** What a cancelled, moved or deleted visit frees: its time, for the waitlist. */
export async function offerFreedTime(
  deps: Deps,
  tx: Tx,
  freed: {
    id: string;
    specialistId: string;
    startsAt: Date;
    blockedUntil: Date;
    timeZone: string;
    modality: 'in_person' | 'telehealth';
    location: string | null;
  },
) {
  return offerSlot(deps, tx, {
    specialistId: freed.specialistId,
    startsAt: freed.startsAt,
    freeUntil: freed.blockedUntil,
    timeZone: freed.timeZone,
    modality: freed.modality,
    location: freed.location,
    sourceAppointmentId: freed.id,
  });
}

/**
 * An open offer ends without a booking (declined, lapsed, its entry removed): recorded, the entry
 * back in the queue (or closed), and the slot offered to the next matching entry. Returns the ids
 * of the users to wake after the commit (this offer's and the next one's).
 */
export async function passOfferOn(
  deps: Deps,
  tx: Tx,
  offerId: string,
  status: 'declined' | 'lapsed' | 'withdrawn',
  entryStatus: 'waiting' | 'removed',
): Promise<string[]> {
  const row = (await findOffer(tx, offerId))!;
  await setOfferStatus(tx, offerId, status);
  await setEntryStatus(tx, row.entryId, entryStatus);
  const ended = await publishOfferChanged(tx, row);
  return [...new Set([...ended, ...(await offerSlot(deps, tx, row))])];
}

/**
 * Handles the offers whose time ran out, one per transaction: the offer is taken FOR UPDATE SKIP
 * LOCKED and read again under the lock, so across instances each lapse is handled exactly once.
 */
export async function processLapsedWaitlistOffers(deps: Deps, limit = 100): Promise<number> {
  let lapsed = 0;
  while (lapsed < limit) {
    const woken = await deps.database.db.transaction(async (tx) => {
      const now = new Date();
      const found = await lockLapsedOffer(tx, now);
      if (!found) return null;
      const current = await lockOffer(tx, found.id);
      if (current?.status !== 'open' || current.expiresAt.getTime() > now.getTime()) return [];
      const row = (await findOffer(tx, found.id))!;
      await appendAudit(
        tx,
        event(WAITLIST_SYSTEM, 'appointments.waitlist.offer_lapsed', found.id, row.patientId),
      );
      return passOfferOn(deps, tx, found.id, 'lapsed', 'waiting');
    });
    if (!woken) break;
    if (woken.length) deps.realtime.wake(woken);
    lapsed++;
  }
  if (lapsed) deps.outbox.wake();
  return lapsed;
}

/** Runs `processLapsedWaitlistOffers` every `intervalMs` on each instance. */
export function startWaitlistLapser(deps: Deps, intervalMs = 60_000) {
  return startPeriodic('appointment waitlist offers', deps.logger, intervalMs, () =>
    processLapsedWaitlistOffers(deps),
  );
}
