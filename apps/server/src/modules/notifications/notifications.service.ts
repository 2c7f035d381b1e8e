/**
 * In-app notifications: made by other modules with `notify(tx, …)` in the transaction of their cause
 * (a new message, a task assigned), listed and marked read by their recipient. A notification says
 * what happened and where (a link), never the content: no message text, no patient data.
 */
import type { Notification, NotificationList, NotificationType } from '@painlab/shared/messages';
import type { Role } from '@painlab/shared/permissions';
import type { Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { enqueue, type NewMessage } from '../../jobs/outbox';
import type { TemplateId } from '../../jobs/templates/templates';
import { DomainError } from '../../lib/domain-error';
import { publishEvents } from '../../realtime/events';
import { isOnlineIn } from '../../realtime/hub';
import {
  activeAccountEmail,
  countUnread,
  listNotifications,
  markNotificationsRead,
  markReadByRef,
  notificationExists,
  upsertNotification,
} from './notifications.repository';
import { channelsFor, languageOf, PREFERENCE_OF } from './preferences.service';
import { isUuid } from '../../lib/uuid';

export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  /** The thing it is about (a thread id, a task id): one unread notification per thing. */
  refId: string;
  /** Where the app opens it: a path (`/messages/<id>`). */
  link: string;
  /** Who caused it (null: the system). */
  actorId: string | null;
}

/**
 * Makes (or counts up) a notification inside the caller's transaction `tx`, with its realtime event:
 * if the cause rolls back, so does the notification. Nothing is made when the recipient turned
 * in-app notices of this type off (`/settings`). Returns the recipient's id: after the commit,
 * call `deps.realtime.wake(ids)` to deliver it to open pages at once.
 */
export async function notify(tx: Tx, input: NewNotification): Promise<string> {
  if (!input.link.startsWith('/')) throw new Error('notify: link must be an app path');
  if (!(await channelsFor(tx, input.recipientId, PREFERENCE_OF[input.type])).inApp)
    return input.recipientId;
  const id = await upsertNotification(tx, input);
  await publishEvents(tx, [
    { userId: input.recipientId, kind: 'notification.created', data: { notificationId: id } },
  ]);
  return input.recipientId;
}

export interface AccountNotice<T extends TemplateId> extends NewNotification {
  /** Who may be told: an active account with one of these roles (anyone else: nothing). */
  roles: readonly Role[];
  /** The e-mail notice, when the person would not see the in-app one (no recipient or language). */
  mail: Omit<NewMessage<T>, 'channel' | 'to' | 'language'>;
}

/**
 * Tells one person about something, in the transaction `tx` of its cause (appointments,
 * questionnaires; ADR 0030): nothing unless they are an active account of one of `roles`; the in-app
 * notice through `notify`; and, when their preference for the type allows e-mail and they would not
 * see the in-app one (in-app off, or no event stream open on any instance), the e-mail `mail` through
 * the outbox, in the language they use the app in. Returns the id to wake after the commit, or null.
 */
export async function notifyAccount<T extends TemplateId>(
  tx: Tx,
  notice: AccountNotice<T>,
): Promise<string | null> {
  const { roles, mail, ...input } = notice;
  const email = await activeAccountEmail(tx, input.recipientId, roles);
  if (email === null) return null;
  await notify(tx, input);
  const allowed = await channelsFor(tx, input.recipientId, PREFERENCE_OF[input.type]);
  if (allowed.email && (!allowed.inApp || !(await isOnlineIn(tx, input.recipientId))))
    await enqueue(tx, {
      ...mail,
      channel: 'email',
      to: email,
      language: await languageOf(tx, input.recipientId),
    } as NewMessage<T>);
  return input.recipientId;
}

/** One event for the recipient's other pages: the notification read, or several (no id). */
async function publishRead(tx: Tx, userId: string, ids: string[]) {
  if (!ids.length) return;
  await publishEvents(tx, [
    {
      userId,
      kind: 'notification.read',
      data: ids.length === 1 ? { notificationId: ids[0]! } : {},
    },
  ]);
}

/** Marks `userId`'s unread notifications of a thing read (opening the thing read them). */
export async function readNotificationsOf(
  tx: Tx,
  userId: string,
  type: NotificationType,
  refId: string,
): Promise<boolean> {
  const ids = await markReadByRef(tx, userId, type, refId);
  await publishRead(tx, userId, ids);
  return ids.length > 0;
}

const iso = (d: Date) => d.toISOString();
const encode = (at: string, id: string) =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decode(cursor: string): { at: string; id: string } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      !Number.isNaN(Date.parse(v[0])) &&
      typeof v[1] === 'string' &&
      isUuid(v[1])
    )
      return { at: v[0], id: v[1] };
  } catch {
    // not a cursor of this list
  }
  throw DomainError.invalidField('cursor', 'invalid_value', 'invalid_cursor');
}

export async function listForUser(
  deps: Deps,
  userId: string,
  query: { cursor?: string; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationList> {
  const after = query.cursor ? decode(query.cursor) : null;
  const rows = await listNotifications(
    deps.database.db,
    userId,
    after,
    query.unread === 'true',
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r): Notification => ({
      id: r.id,
      type: r.type,
      link: r.link,
      actor: r.actor,
      count: r.count,
      createdAt: iso(r.createdAt),
      readAt: r.readAt ? iso(r.readAt) : null,
    })),
    nextCursor: rows.length > query.limit && last ? encode(iso(last.createdAt), last.id) : null,
  };
}

export function unreadNotifications(deps: Deps, userId: string): Promise<number> {
  return countUnread(deps.database.db, userId);
}

/** Marks one of the caller's notifications read (404 if it is not theirs), or all of them. */
export async function markRead(deps: Deps, userId: string, id: string | null): Promise<void> {
  if (id !== null && (!isUuid(id) || !(await notificationExists(deps.database.db, userId, id))))
    throw DomainError.notFound();
  const changed = await deps.database.db.transaction(async (tx) => {
    const ids = await markNotificationsRead(tx, userId, id ? id.toLowerCase() : null);
    await publishRead(tx, userId, ids);
    return ids.length;
  });
  if (changed) deps.realtime.wake([userId]);
}

/**
 * For modules that queue notices through the outbox: the channels a person allows per type, and
 * the language they use the app in.
 */
export { channelsFor, languageOf } from './preferences.service';
