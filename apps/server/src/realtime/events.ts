/**
 * Realtime events (ADR 0018): written per recipient in the transaction of their cause, so an event
 * exists exactly when its cause commits, and NOTIFY'd at that commit to every server instance on the
 * same PostgreSQL. The rows and the NOTIFY carry ids only (a thread, a message, a notification),
 * never content: a client that hears of one reads the thing through the API, which checks and audits.
 *
 * After the transaction commits, call `deps.realtime.wake(userIds)` so this instance delivers at once
 * (on PGlite there is no other instance and nothing listens).
 */
import { sql } from 'drizzle-orm';
import type { RealtimeKind } from '@painlab/shared/messages';
import type { Tx } from '../audit/audit';
import { realtimeEvent } from '../db/schema';

/** The channel NOTIFY'd with the comma-separated ids of the users who have new events. */
export const REALTIME_CHANNEL = 'painlab_events';

export interface NewRealtimeEvent {
  userId: string;
  kind: RealtimeKind;
  data: Record<string, string>;
}

/** NOTIFY payloads are limited to 8000 bytes: user ids go in groups of this many. */
const IDS_PER_NOTIFY = 100;

/** Writes `events` in `tx` and NOTIFYs their users (heard at commit). Returns the users' ids. */
export async function publishEvents(tx: Tx, events: NewRealtimeEvent[]): Promise<string[]> {
  if (!events.length) return [];
  await tx.insert(realtimeEvent).values(events);
  const users = [...new Set(events.map((e) => e.userId))];
  for (let i = 0; i < users.length; i += IDS_PER_NOTIFY)
    await tx.execute(
      sql`select pg_notify(${REALTIME_CHANNEL}, ${users.slice(i, i + IDS_PER_NOTIFY).join(',')})`,
    );
  return users;
}
