/**
 * Workshops: the public pages' view, registration with capacity and an automatic waitlist, the links
 * of the e-mails (cancel a seat, confirm an offered seat), the job that moves a lapsed offer to the
 * next person, and staff editing. Every change of a seat happens under the workshop's row lock
 * (repository `lockWorkshop`), and its e-mail is queued in the same transaction (jobs/outbox.ts).
 */
import { limitKeyOf } from '../../lib/address-block';
import { derivedKeySecret } from '../../lib/secret';
import { createHash } from 'node:crypto';
import type { SiteLang } from '@painlab/shared/site-content';
import {
  WORKSHOP_LIMITS,
  type RegistrationOutcome,
  type StaffRegistration,
  type StaffWorkshop,
  type WorkshopInput,
  type WorkshopMarket,
  type WorkshopRegistrationInput,
  type WorkshopView,
} from '@painlab/shared/workshops';
import { appendAudit, auditEvent, type Actor, type Tx } from '../../audit/audit';
import { isUniqueViolation } from '../../db/errors';
import { baseUrlOf } from '../../env';
import { AddressLimiter } from '../../http/address-limit';
import { ApiError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import { startPeriodic } from '../../lib/periodic';
import { LINK_TOKEN, linkTokenHash, newLinkToken } from '../../lib/link-token';
import { workshopIcs } from './workshops.ics';
import * as repo from './workshops.repository';

const HOUR = 3_600_000;

// ---- links: a random token per purpose; only a keyed hash of it is stored ----

type Purpose = 'cancel' | 'offer';

const linkKey = (deps: Deps) => derivedKeySecret(deps.env);

/** The stored form of a link token: an HMAC under the server's secret, bound to its purpose. */
const tokenHash = (deps: Deps, purpose: Purpose, token: string) =>
  linkTokenHash(linkKey(deps), `workshop-${purpose}`, token);

const newToken = (deps: Deps, purpose: Purpose) =>
  newLinkToken(linkKey(deps), `workshop-${purpose}`);

const TOKEN = LINK_TOKEN;

const linkOf = (deps: Deps, purpose: Purpose, token: string) =>
  `${baseUrlOf(deps.env).replace(/\/$/, '')}/taller/${purpose === 'cancel' ? 'anular' : 'confirmar'}?t=${token}`;

function addressKey(deps: Deps, ip: string | null): string {
  const key = derivedKeySecret(deps.env);
  return createHash('sha256')
    .update(`${key}:${ip ? limitKeyOf(ip) : 'unknown'}`)
    .digest('base64url')
    .slice(0, 32);
}

// ---- what pages and messages show ----

const titleOf = (w: repo.WorkshopRow, lang: SiteLang) =>
  lang === 'en' && w.titleEn ? w.titleEn : w.titleEs;

const LOCALE = { es: 'es-ES', en: 'en-US' } as const;

/** "martes, 12 de enero de 2027, 18:00–19:30 CET" in the workshop's zone. */
export function sessionLine(
  s: { startsAt: Date; endsAt: Date },
  timeZone: string,
  lang: SiteLang,
): string {
  const day = new Intl.DateTimeFormat(LOCALE[lang], { timeZone, dateStyle: 'full' }).format(
    s.startsAt,
  );
  const time = (d: Date, zone: boolean) =>
    new Intl.DateTimeFormat(LOCALE[lang], {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(zone ? { timeZoneName: 'short' } : {}),
    }).format(d);
  return `${day}, ${time(s.startsAt, false)}–${time(s.endsAt, true)}`;
}

function placeLine(w: repo.WorkshopRow, lang: SiteLang): string {
  if (w.onlineUrl)
    return `${lang === 'es' ? 'En línea' : 'Online'} (${w.onlinePlatform ?? 'video'}): ${w.onlineUrl}`;
  return [w.venue, w.address].filter(Boolean).join(', ');
}

function view(
  w: repo.WorkshopRow,
  sessions: repo.SessionRow[],
  counts: repo.Counts,
  lang: SiteLang,
): WorkshopView {
  const en = lang === 'en' && w.titleEn !== null;
  return {
    id: w.id,
    slug: w.slug,
    lang: en ? 'en' : 'es',
    fallback: lang === 'en' && !en,
    title: en ? w.titleEn! : w.titleEs,
    summary: en ? w.summaryEn! : w.summaryEs,
    description: en ? w.descriptionEn! : w.descriptionEs,
    market: w.market,
    timeZone: w.timeZone,
    venue: w.venue,
    address: w.address,
    online: w.onlineUrl !== null,
    onlinePlatform: w.onlinePlatform,
    priceCents: w.priceCents,
    currency: w.currency,
    capacity: w.capacity,
    seatsLeft: Math.max(0, w.capacity - counts.confirmed - counts.offered),
    waitlisted: counts.waitlisted,
    facilitator: w.facilitator,
    sessions: sessions.map((s) => ({
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    })),
  };
}

/** The published workshops of a market page whose sessions have not all ended, soonest first. */
export async function upcoming(
  deps: Deps,
  market: WorkshopMarket,
  lang: SiteLang,
): Promise<WorkshopView[]> {
  const db = deps.database.db;
  const rows = await repo.upcomingWorkshops(db, market);
  const ids = rows.map((r) => r.id);
  const [sessions, counts] = await Promise.all([repo.sessionsOf(db, ids), repo.countsOf(db, ids)]);
  return rows.map((w) => view(w, sessions.get(w.id)!, counts.get(w.id)!, lang));
}

export async function sitemapMarkets(deps: Deps) {
  return repo.marketsLastChanged(deps.database.db);
}

// ---- messages ----

async function messageCommon(
  deps: Deps,
  tx: Tx,
  w: repo.WorkshopRow,
  reg: repo.RegistrationRow,
  cancelToken: string,
) {
  const sessions = (await repo.sessionsOf(tx, [w.id])).get(w.id)!;
  return {
    sessions,
    params: {
      clinic: deps.env.CLINIC_NAME,
      title: titleOf(w, reg.lang),
      sessions: sessions.map((s) => sessionLine(s, w.timeZone, reg.lang)),
      place: placeLine(w, reg.lang),
      cancelLink: linkOf(deps, 'cancel', cancelToken),
    },
  };
}

/**
 * The confirmation with the calendar file. The cancel link's token is renewed with each confirmation
 * (only its hash is kept, so the message must carry a fresh one).
 */
async function sendConfirmation(
  deps: Deps,
  tx: Tx,
  w: repo.WorkshopRow,
  reg: repo.RegistrationRow,
) {
  const cancel = newToken(deps, 'cancel');
  await repo.updateRegistration(tx, reg.id, ['confirmed'], { cancelTokenHash: cancel.hash });
  const { sessions, params } = await messageCommon(deps, tx, w, reg, cancel.token);
  const ics = workshopIcs(w, sessions, params.title, reg.lang, {
    host: new URL(baseUrlOf(deps.env)).hostname,
    cancelLink: params.cancelLink,
  });
  await enqueue(tx, {
    channel: 'email',
    to: reg.email,
    language: reg.lang,
    template: 'workshop.confirmed',
    params,
    dedupeKey: `workshop-confirmed:${reg.id}`,
    attachments: [
      {
        filename: `${w.slug}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ics,
      },
    ],
  });
}

/**
 * Offers the free seats of a workshop (capacity minus confirmed and offered) to the first people on
 * its waitlist, each with a time-limited link. Runs under the workshop's lock.
 */
async function fillSeats(deps: Deps, tx: Tx, w: repo.WorkshopRow): Promise<number> {
  const counts = await repo.seatsTaken(tx, w.id);
  const free = w.capacity - counts.confirmed - counts.offered;
  const next = await repo.firstWaiting(tx, w.id, free);
  const start = await repo.firstSessionStart(tx, w.id);
  for (const reg of next) {
    const offer = newToken(deps, 'offer');
    const cancel = newToken(deps, 'cancel');
    // the offer never outlives the start of the first session
    const hours = WORKSHOP_LIMITS.offerHours * HOUR;
    const expiresAt = new Date(Math.min(Date.now() + hours, start ? start.getTime() : Infinity));
    const updated = await repo.updateRegistration(tx, reg.id, ['waitlisted'], {
      status: 'offered',
      offerTokenHash: offer.hash,
      offerExpiresAt: expiresAt,
      cancelTokenHash: cancel.hash,
      offers: reg.offers + 1,
    });
    if (!updated) continue;
    const { params } = await messageCommon(deps, tx, w, updated, cancel.token);
    await enqueue(tx, {
      channel: 'email',
      to: reg.email,
      language: reg.lang,
      template: 'workshop.offer',
      params: {
        ...params,
        confirmLink: linkOf(deps, 'offer', offer.token),
        expires: new Intl.DateTimeFormat(LOCALE[reg.lang], {
          timeZone: w.timeZone,
          dateStyle: 'full',
          timeStyle: 'short',
        }).format(expiresAt),
      },
      dedupeKey: `workshop-offer:${reg.id}:${updated.offers}`,
    });
  }
  return next.length;
}

// ---- registering ----

export type RegisterResult =
  | { kind: 'honeypot' }
  | { kind: 'rate_limited'; retryAfterS: number }
  | { kind: 'registered'; outcome: RegistrationOutcome; position: number | null; title: string };

/** Every registration attempt per address, in this process (the stored registrations are counted too). */
const attemptLimits = new WeakMap<Deps, AddressLimiter>();
function attemptsOf(deps: Deps): AddressLimiter {
  let limiter = attemptLimits.get(deps);
  if (!limiter) {
    limiter = new AddressLimiter(WORKSHOP_LIMITS.attemptsPerAddressPerHour, HOUR);
    attemptLimits.set(deps, limiter);
  }
  return limiter;
}

export async function register(
  deps: Deps,
  input: WorkshopRegistrationInput,
  ip: string | null,
  lang: SiteLang,
): Promise<RegisterResult> {
  if (input.website && input.website.trim() !== '') return { kind: 'honeypot' };
  const ipHash = addressKey(deps, ip);
  const wait = attemptsOf(deps).take(ipHash);
  if (wait > 0) return { kind: 'rate_limited', retryAfterS: wait };
  const result = await deps.database.db.transaction(async (tx): Promise<RegisterResult> => {
    await repo.lockAddress(tx, ipHash);
    const recent = await repo.countRecentFrom(tx, ipHash, new Date(Date.now() - HOUR));
    if (recent >= WORKSHOP_LIMITS.perAddressPerHour)
      return { kind: 'rate_limited', retryAfterS: 3600 };
    // the workshop's row lock: one registration at a time per workshop, on every instance
    const w = await repo.lockWorkshop(tx, input.workshopId);
    if (!w || w.status === 'draft') throw new ApiError(404, 'not_found');
    const start = await repo.firstSessionStart(tx, w.id);
    if (w.status !== 'published' || !start || start.getTime() <= Date.now())
      throw new ApiError(409, 'workshop_closed');
    const counts = await repo.seatsTaken(tx, w.id);
    // a seat only when nobody is waiting for one (a freed seat goes to the waitlist first)
    const seat = counts.confirmed + counts.offered < w.capacity && counts.waitlisted === 0;
    const cancel = newToken(deps, 'cancel');
    const reg = await repo.insertRegistration(tx, {
      workshopId: w.id,
      name: input.name,
      email: input.email,
      lang,
      status: seat ? 'confirmed' : 'waitlisted',
      ipHash,
      cancelTokenHash: cancel.hash,
      confirmedAt: seat ? new Date() : null,
    });
    if (!reg) throw new ApiError(409, 'already_registered');
    const title = titleOf(w, lang);
    if (seat) {
      await sendConfirmation(deps, tx, w, reg);
      return { kind: 'registered', outcome: 'confirmed', position: null, title };
    }
    const position = await repo.waitlistPosition(tx, reg);
    const { params } = await messageCommon(deps, tx, w, reg, cancel.token);
    await enqueue(tx, {
      channel: 'email',
      to: reg.email,
      language: lang,
      template: 'workshop.waitlisted',
      params: { ...params, position },
      dedupeKey: `workshop-waitlisted:${reg.id}`,
    });
    return { kind: 'registered', outcome: 'waitlisted', position, title };
  });
  if (result.kind === 'registered') deps.outbox.wake();
  return result;
}

// ---- the links of the e-mails ----

export type LinkState = 'ask' | 'done' | 'already' | 'expired' | 'invalid' | 'lapsed';

async function byToken(deps: Deps, purpose: Purpose, token: string | undefined) {
  if (!token || !TOKEN.test(token)) return null;
  return repo.registrationByTokenHash(deps.database.db, purpose, tokenHash(deps, purpose, token));
}

/** What the cancel link's page says before the visitor confirms (a GET changes nothing). */
export async function cancelLinkState(
  deps: Deps,
  token: string | undefined,
  lang: SiteLang,
): Promise<{ state: LinkState; title: string | null }> {
  const reg = await byToken(deps, 'cancel', token);
  if (!reg) return { state: 'invalid', title: null };
  const w = (await repo.findWorkshop(deps.database.db, reg.workshopId))!;
  const title = titleOf(w, lang);
  if (reg.status === 'cancelled' || reg.status === 'lapsed') return { state: 'already', title };
  const start = await repo.firstSessionStart(deps.database.db, w.id);
  if (!start || start.getTime() <= Date.now()) return { state: 'expired', title };
  return { state: 'ask', title };
}

/**
 * Cancels the registration of a cancel link; a seat it held goes to the first waitlisted person in
 * the same transaction. Used again, it changes nothing ('already'); after the first session started
 * it is 'expired'.
 */
export async function cancelByToken(
  deps: Deps,
  token: string | undefined,
  lang: SiteLang,
): Promise<{ state: LinkState; title: string | null }> {
  const found = await byToken(deps, 'cancel', token);
  if (!found) return { state: 'invalid', title: null };
  const outcome = await deps.database.db.transaction(async (tx) => {
    const w = (await repo.lockWorkshop(tx, found.workshopId))!;
    const title = titleOf(w, lang);
    const start = await repo.firstSessionStart(tx, w.id);
    const reg = await repo.registrationById(tx, found.id);
    if (!reg || reg.status === 'cancelled' || reg.status === 'lapsed')
      return { state: 'already' as const, title };
    if (!start || start.getTime() <= Date.now()) return { state: 'expired' as const, title };
    await cancelLocked(deps, tx, w, reg, null);
    return { state: 'done' as const, title };
  });
  deps.outbox.wake();
  return outcome;
}

async function cancelLocked(
  deps: Deps,
  tx: Tx,
  w: repo.WorkshopRow,
  reg: repo.RegistrationRow,
  actor: Actor | null,
) {
  await repo.updateRegistration(tx, reg.id, ['confirmed', 'offered', 'waitlisted'], {
    status: 'cancelled',
    cancelledAt: new Date(),
    offerExpiresAt: null,
  });
  const event = {
    action: actor ? 'workshops.registration.cancel' : 'workshops.registration.cancel_by_link',
    outcome: 'success' as const,
    resource: 'workshop_registration',
    recordId: reg.id,
  };
  await appendAudit(tx, actor ? auditEvent(actor, event) : event);
  if (reg.status !== 'waitlisted') await fillSeats(deps, tx, w);
}

export async function offerLinkState(
  deps: Deps,
  token: string | undefined,
  lang: SiteLang,
): Promise<{ state: LinkState; title: string | null; expiresAt: string | null }> {
  const reg = await byToken(deps, 'offer', token);
  if (!reg) return { state: 'invalid', title: null, expiresAt: null };
  const w = (await repo.findWorkshop(deps.database.db, reg.workshopId))!;
  const title = titleOf(w, lang);
  if (reg.status === 'confirmed') return { state: 'already', title, expiresAt: null };
  if (reg.status !== 'offered' || !reg.offerExpiresAt || reg.offerExpiresAt.getTime() <= Date.now())
    return { state: 'lapsed', title, expiresAt: null };
  return { state: 'ask', title, expiresAt: reg.offerExpiresAt.toISOString() };
}

/** Confirms an offered seat before its offer lapses; then the confirmation with the calendar file. */
export async function confirmOffer(
  deps: Deps,
  token: string | undefined,
  lang: SiteLang,
): Promise<{ state: LinkState; title: string | null }> {
  const found = await byToken(deps, 'offer', token);
  if (!found) return { state: 'invalid', title: null };
  const outcome = await deps.database.db.transaction(async (tx) => {
    const w = (await repo.lockWorkshop(tx, found.workshopId))!;
    const title = titleOf(w, lang);
    const reg = await repo.registrationById(tx, found.id);
    if (reg?.status === 'confirmed') return { state: 'already' as const, title };
    if (
      !reg ||
      reg.status !== 'offered' ||
      !reg.offerExpiresAt ||
      reg.offerExpiresAt.getTime() <= Date.now()
    )
      return { state: 'lapsed' as const, title };
    const confirmed = (await repo.updateRegistration(tx, reg.id, ['offered'], {
      status: 'confirmed',
      confirmedAt: new Date(),
      offerExpiresAt: null,
    }))!;
    await appendAudit(tx, {
      action: 'workshops.registration.offer_confirmed',
      outcome: 'success',
      resource: 'workshop_registration',
      recordId: reg.id,
    });
    await sendConfirmation(deps, tx, w, confirmed);
    return { state: 'done' as const, title };
  });
  deps.outbox.wake();
  return outcome;
}

// ---- the job: lapsed offers go to the next person ----

/**
 * Marks offers whose time ran out as lapsed and offers their seats to the next people, one workshop
 * per transaction. The workshop is taken with FOR UPDATE SKIP LOCKED and the offers are read again
 * under that lock, so across instances each lapse is handled exactly once.
 */
export async function processLapsedOffers(deps: Deps, limit = 100): Promise<number> {
  let lapsed = 0;
  for (let i = 0; i < limit; i++) {
    const n = await deps.database.db.transaction(async (tx) => {
      const id = await repo.lockWorkshopWithLapsedOffer(tx);
      if (!id) return -1;
      const w = (await repo.findWorkshop(tx, id))!;
      const offers = await repo.lapsedOffers(tx, id);
      for (const reg of offers) {
        // the offer's token hash stays: its link then says the offer lapsed
        await repo.updateRegistration(tx, reg.id, ['offered'], {
          status: 'lapsed',
          cancelledAt: new Date(),
        });
        await appendAudit(tx, {
          action: 'workshops.registration.offer_lapsed',
          outcome: 'success',
          resource: 'workshop_registration',
          recordId: reg.id,
        });
      }
      await fillSeats(deps, tx, w);
      return offers.length;
    });
    if (n < 0) break;
    lapsed += n;
  }
  if (lapsed) deps.outbox.wake();
  return lapsed;
}

/** Runs `processLapsedOffers` every `intervalMs` on each instance. */
export function startOfferLapser(deps: Deps, intervalMs = 60_000) {
  return startPeriodic('workshop offer lapse', deps.logger, intervalMs, () =>
    processLapsedOffers(deps),
  );
}

// ---- staff ----

function staffView(
  w: repo.WorkshopRow,
  sessions: repo.SessionRow[],
  counts: repo.Counts,
): StaffWorkshop {
  return {
    id: w.id,
    slug: w.slug,
    market: w.market,
    status: w.status,
    titleEs: w.titleEs,
    titleEn: w.titleEn,
    summaryEs: w.summaryEs,
    summaryEn: w.summaryEn,
    descriptionEs: w.descriptionEs,
    descriptionEn: w.descriptionEn,
    facilitator: w.facilitator,
    timeZone: w.timeZone,
    venue: w.venue,
    address: w.address,
    onlineUrl: w.onlineUrl,
    onlinePlatform: w.onlinePlatform,
    priceCents: w.priceCents,
    currency: w.currency,
    capacity: w.capacity,
    sessions: sessions.map((s) => ({
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    })),
    ...counts,
    updatedAt: w.updatedAt.toISOString(),
  };
}

export async function staffList(deps: Deps): Promise<StaffWorkshop[]> {
  const db = deps.database.db;
  const rows = await repo.allWorkshops(db);
  const ids = rows.map((r) => r.id);
  const [sessions, counts] = await Promise.all([repo.sessionsOf(db, ids), repo.countsOf(db, ids)]);
  return rows.map((w) => staffView(w, sessions.get(w.id)!, counts.get(w.id)!));
}

const columns = (input: WorkshopInput) => {
  const { sessions: _sessions, ...rest } = input;
  return rest;
};
const sessionDates = (input: WorkshopInput) =>
  input.sessions.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) }));

async function staffOne(tx: Tx, id: string): Promise<StaffWorkshop> {
  const w = (await repo.findWorkshop(tx, id))!;
  const sessions = (await repo.sessionsOf(tx, [id])).get(id)!;
  return staffView(w, sessions, (await repo.countsOf(tx, [id])).get(id)!);
}

export async function createWorkshop(
  deps: Deps,
  actor: Actor,
  input: WorkshopInput,
): Promise<StaffWorkshop> {
  return deps.database.db.transaction(async (tx) => {
    const w = await repo.insertWorkshop(tx, columns(input));
    if (!w) throw DomainError.invalidField('slug', 'slug_taken');
    await repo.replaceSessions(tx, w.id, sessionDates(input));
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'workshops.create',
        outcome: 'success',
        resource: 'workshop',
        recordId: w.id,
      }),
    );
    return staffOne(tx, w.id);
  });
}

/**
 * Edits a workshop and replaces its sessions. The capacity may not drop below the seats held; when
 * it grows, the new seats are offered to the waitlist at once.
 */
export async function updateWorkshop(
  deps: Deps,
  actor: Actor,
  id: string,
  input: WorkshopInput,
): Promise<StaffWorkshop> {
  const result = await deps.database.db
    .transaction(async (tx) => {
      const current = await repo.lockWorkshop(tx, id);
      if (!current) throw new ApiError(404, 'not_found');
      const counts = await repo.seatsTaken(tx, id);
      const taken = counts.confirmed + counts.offered;
      if (input.capacity < taken)
        throw new ApiError(409, 'capacity_below_taken', { taken: String(taken) });
      if (await repo.slugTaken(tx, input.slug, id))
        throw DomainError.invalidField('slug', 'slug_taken');
      const w = await repo.updateWorkshop(tx, id, columns(input));
      await repo.replaceSessions(tx, id, sessionDates(input));
      if (w.status === 'published') await fillSeats(deps, tx, w);
      await appendAudit(
        tx,
        auditEvent(actor, {
          action: 'workshops.update',
          outcome: 'success',
          resource: 'workshop',
          recordId: id,
        }),
      );
      return staffOne(tx, id);
    })
    .catch((error: unknown) => {
      // another workshop took the slug between the check and the write
      if (isUniqueViolation(error)) throw DomainError.invalidField('slug', 'slug_taken');
      throw error;
    });
  deps.outbox.wake();
  return result;
}

export async function staffRegistrations(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<{ workshop: StaffWorkshop; items: StaffRegistration[] }> {
  const db = deps.database.db;
  const w = await repo.findWorkshop(db, id);
  if (!w) throw new ApiError(404, 'not_found');
  const rows = await repo.registrationsOf(db, id);
  let place = 0;
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    lang: r.lang,
    status: r.status,
    position: r.status === 'waitlisted' ? ++place : null,
    offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  }));
  return db.transaction(async (tx) => {
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'workshops.registrations.list',
        outcome: 'success',
        resource: 'workshop_registration',
        recordId: id,
      }),
    );
    return { workshop: await staffOne(tx, id), items };
  });
}

export async function staffCancel(
  deps: Deps,
  actor: Actor,
  workshopId: string,
  registrationId: string,
): Promise<StaffRegistration> {
  const result = await deps.database.db.transaction(async (tx) => {
    const w = await repo.lockWorkshop(tx, workshopId);
    const reg = await repo.registrationById(tx, registrationId);
    if (!w || !reg || reg.workshopId !== workshopId) throw new ApiError(404, 'not_found');
    if (reg.status === 'cancelled' || reg.status === 'lapsed')
      throw new ApiError(409, 'transition_not_allowed');
    await cancelLocked(deps, tx, w, reg, actor);
    return (await repo.registrationById(tx, registrationId))!;
  });
  deps.outbox.wake();
  return {
    id: result.id,
    name: result.name,
    email: result.email,
    lang: result.lang,
    status: result.status,
    position: null,
    offerExpiresAt: null,
    createdAt: result.createdAt.toISOString(),
    cancelledAt: result.cancelledAt?.toISOString() ?? null,
  };
}

/** A CSV cell: quoted, and a leading = + - @ neutralised (spreadsheet formula injection). */
const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

export async function staffCsv(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<{ csv: string; slug: string }> {
  const { workshop, items } = await staffRegistrations(deps, actor, id);
  const lines = [
    ['name', 'email', 'language', 'status', 'waitlist_position', 'registered_at', 'cancelled_at'],
    ...items.map((r) => [
      r.name,
      r.email,
      r.lang,
      r.status,
      r.position,
      r.createdAt,
      r.cancelledAt,
    ]),
  ].map((row) => row.map(cell).join(','));
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, slug: workshop.slug };
}
