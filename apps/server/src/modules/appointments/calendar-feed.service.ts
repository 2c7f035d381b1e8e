/**
 * Private calendar subscriptions (ADR 0028). A signed-in user with `appointments:view` makes a
 * secret URL (256 random bits; only its SHA-256 is kept) that a calendar app polls without signing
 * in: staff get the appointments they hold as specialist, a patient those of their own record.
 * Making a new URL replaces the old one, which stops working at once; revoking removes it. Each
 * read is audited with every patient it shows (ADR 0011), in the read's transaction; an unknown
 * token is a 404, audited as refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedCreated } from '@painlab/shared/appointments';
import type { Lang } from '@painlab/shared/errors';
import { enrolmentDeadline } from '@painlab/shared/mfa';
import { hasPermission, ROLES, type Role } from '@painlab/shared/permissions';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { appendAudit, appendAuditMany, recordAudit, type Actor } from '../../audit/audit';
import { appointment } from '../../db/schema';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { mfaRuleFor } from '../mfa/mfa.service';
import { patientOfAccount } from './appointment.repository';
import { feedIcs } from './appointments.ics';
import { event, type Viewer } from './appointments.policy';
import { selectAppointments, type Q } from './appointments.query';
import {
  deleteFeed,
  findFeedByHash,
  findFeedOfUser,
  touchFeed,
  upsertFeed,
} from './calendar-feed.repository';

const DAY_MS = 86_400_000;
/** What a feed holds: from a month back to a year ahead, at most this many visits. */
export const FEED_WINDOW = { pastDays: 31, futureDays: 366, max: 2000 } as const;
const FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const feedTokenHash = (token: string) =>
  createHash('sha256').update(`calendar-feed:${token}`).digest('hex');

const feedUrl = (deps: Deps, token: string) => `${baseUrlOf(deps.env)}/api/calendar/${token}.ics`;

export async function feedStatus(deps: Deps, viewer: Viewer): Promise<CalendarFeed> {
  const row = await findFeedOfUser(deps.database.db, viewer.userId);
  return {
    active: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
  };
}

/** A new secret URL for the viewer (the old one, if any, stops working). */
export async function createFeed(
  deps: Deps,
  viewer: Viewer,
  lang: Lang,
  now = new Date(),
): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  await deps.database.db.transaction(async (tx) => {
    await upsertFeed(tx, viewer.userId, feedTokenHash(token), lang, now);
    await appendAudit(tx, event(viewer, 'appointments.calendar_feed.create', viewer.userId, null));
  });
  return { url: feedUrl(deps, token), createdAt: now.toISOString() };
}

export async function revokeFeed(deps: Deps, viewer: Viewer): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteFeed(tx, viewer.userId))) throw DomainError.notFound();
    await appendAudit(tx, event(viewer, 'appointments.calendar_feed.revoke', viewer.userId, null));
  });
}

/** The rows a feed shows: staff their own agenda, a patient their record's visits. */
async function feedRows(db: Q, userId: string, role: Role, now: Date) {
  const from = new Date(now.getTime() - FEED_WINDOW.pastDays * DAY_MS);
  const to = new Date(now.getTime() + FEED_WINDOW.futureDays * DAY_MS);
  const window = and(gte(appointment.startsAt, from), lt(appointment.startsAt, to));
  let who;
  if (role === 'user') {
    const own = await patientOfAccount(db, userId);
    if (!own) return { audience: 'patient' as const, rows: [] };
    who = eq(appointment.patientId, own.id);
  } else who = eq(appointment.specialistId, userId);
  const rows = await selectAppointments(db)
    .where(and(who, window))
    .orderBy(asc(appointment.startsAt), asc(appointment.id))
    .limit(FEED_WINDOW.max);
  return { audience: role === 'user' ? ('patient' as const) : ('staff' as const), rows };
}

/**
 * Whether the owner's role makes a second factor compulsory (ADR 0038) and the owner, with none
 * enrolled, is past the date to set one up: then the feed stops, as the owner's sessions do, until
 * a factor is enrolled. (A feed is made from a session that passed the gate; an owner with a factor
 * keeps it, as a calendar app cannot step up.)
 */
async function enrolmentOverdue(
  deps: Deps,
  role: Role,
  owner: { mfaEnrolled: boolean; userCreatedAt: Date },
  now: Date,
): Promise<boolean> {
  if (owner.mfaEnrolled) return false;
  const deadline = enrolmentDeadline(await mfaRuleFor(deps, role), owner.userCreatedAt);
  return deadline !== null && deadline.getTime() <= now.getTime();
}

/**
 * The .ics text of `/api/calendar/<token>.ics`, or a 404 (audited) for a token that names no
 * subscription, a banned owner, an owner whose role no longer may view appointments, or an owner
 * past the deadline to set up a second factor their role must have.
 */
export async function readFeed(
  deps: Deps,
  actor: Actor,
  file: string,
  now = new Date(),
): Promise<string> {
  const token = FILE.exec(file)?.[1];
  const hash = token ? feedTokenHash(token) : null;
  const feed = hash ? await findFeedByHash(deps.database.db, hash) : null;
  const role =
    feed && (ROLES as readonly string[]).includes(feed.role) ? (feed.role as Role) : null;
  const feedActor: Actor = { ...actor, userId: feed?.userId ?? null, role: 'calendar-feed' };
  const reason =
    !feed || !hash || !role || feed.banned || !hasPermission(role, 'appointments', 'view')
      ? 'invalid_feed'
      : (await enrolmentOverdue(deps, role, feed, now))
        ? 'mfa_enrolment_required'
        : null;
  if (reason || !feed || !hash || !role) {
    await recordAudit(
      deps.database.db,
      event(feedActor, 'appointments.calendar_feed.read', null, null, { reason }, 'denied'),
    );
    throw DomainError.notFound();
  }
  const { audience, rows } = await deps.database.db.transaction(async (tx) => {
    const found = await feedRows(tx, feed.userId, role, now);
    const patients = [...new Set(found.rows.map((r) => r.patientId))];
    await appendAuditMany(
      tx,
      patients.length
        ? patients.map((patientId) =>
            event(feedActor, 'appointments.calendar_feed.read', feed.userId, patientId, {
              appointments: found.rows.filter((r) => r.patientId === patientId).length,
            }),
          )
        : [
            event(feedActor, 'appointments.calendar_feed.read', feed.userId, null, {
              appointments: 0,
            }),
          ],
    );
    await touchFeed(tx, feed.userId, hash, now);
    return found;
  });
  const host = new URL(baseUrlOf(deps.env)).host;
  return feedIcs(rows, audience, feed.language, deps.env.CLINIC_NAME, host);
}
