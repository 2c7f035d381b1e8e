/**
 * This server instance's end of the realtime stream (ADR 0018). It keeps the open streams per user;
 * `wake(userIds)` makes it read those users' new events from `realtime_event` (by id, after the last
 * one each stream was sent) and write them out. What wakes it:
 *   - this instance, right after a transaction that published events commits (`wake`);
 *   - on PostgreSQL, a LISTEN connection hearing the NOTIFY of any instance's commit;
 *   - a reconnect of the LISTEN connection (every local user: a NOTIFY may have been missed).
 * On PGlite (one process) the first is the in-process bus; nothing else is needed.
 *
 * Each stream has its own queue, written by itself: a client that reads slowly (or not at all) never
 * holds up the others. A stream whose write has not finished within `sendTimeoutMs`, or whose queue
 * grows past `maxQueued`, or whose write fails, is ended with `'dropped'`; its client reconnects with its Last-Event-ID and
 * resumes from the database, so nothing is lost.
 *
 * Presence: while a user has a stream open here, a row (user, instance) in `realtime_presence` is
 * refreshed every 20 s; a user with a row fresher than 60 s is online on some instance.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import pg from 'pg';
import type { RealtimeKind } from '@painlab/shared/messages';
import type { Tx } from '../audit/audit';
import type { Database, Db } from '../db/client';
import { realtimeEvent, realtimePresence } from '../db/schema';
import type { Logger } from '../lib/logger';
import { REALTIME_CHANNEL } from './events';

export interface StreamEvent {
  id: number;
  kind: RealtimeKind;
  data: Record<string, string>;
}

/**
 * Why a stream ended: closed by its owner, the server stopping, or dropped by the hub (a client too
 * slow to keep up, or a failed write: the connection should be cut so the client reconnects).
 */
export type StreamEnd = 'closed' | 'stopped' | 'dropped';

export interface Subscription {
  /** Stops delivering to this stream and forgets it. */
  close(): void;
  /** Resolves when the stream ends, with why. */
  ended: Promise<StreamEnd>;
}

export interface HubOptions {
  /** A write to one stream taking longer than this ends that stream (`'dropped'`). */
  sendTimeoutMs?: number;
  /** Events waiting for one stream beyond this end it (`'dropped'`). */
  maxQueued?: number;
}

export interface RealtimeHub {
  readonly instanceId: string;
  /**
   * Delivers `userId`'s events to `send`: those after `lastEventId` first (a reconnect), then each
   * new one as it commits. Without `lastEventId`, only events from now on.
   */
  subscribe(
    userId: string,
    lastEventId: number | null,
    send: (event: StreamEvent) => Promise<void>,
  ): Promise<Subscription>;
  /** Reads and delivers the new events of these users (call after the publishing commit). */
  wake(userIds: readonly string[]): void;
  /** Whether `userId` has a stream open on any instance (presence fresher than 60 s). */
  isOnline(db: Db | Tx, userId: string): Promise<boolean>;
  /** Open streams on this instance (tests, health). */
  connections(): number;
  stop(): Promise<void>;
}

const PRESENCE_REFRESH_MS = 20_000;
const PRESENCE_FRESH_S = 60;
const EVENT_TTL = '1 day';
const BATCH = 500;
/** Users read in one query at most. */
const WAKE_BATCH = 1000;

const SEND_TIMEOUT_MS = 10_000;
const MAX_QUEUED = 1_000;

interface Stream {
  /** The last event id handed to this stream (queued or written). */
  lastId: number;
  send: (event: StreamEvent) => Promise<void>;
  /** Ends the stream once (clears its queue, resolves `ended`). */
  end: (why: StreamEnd) => void;
  queue: StreamEvent[];
  writing: boolean;
  done: boolean;
}

/** Whether `userId` has a stream open on any instance (presence fresher than 60 s), read in `q`. */
export async function isOnlineIn(q: Db | Tx, userId: string): Promise<boolean> {
  const rows = await q
    .select({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(
      and(
        eq(realtimePresence.userId, userId),
        gt(realtimePresence.seenAt, sql`now() - ${`${PRESENCE_FRESH_S} seconds`}::interval`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function createRealtimeHub(
  database: Database,
  databaseUrl: string | undefined,
  logger: Logger,
  options: HubOptions = {},
): RealtimeHub {
  const sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const maxQueued = options.maxQueued ?? MAX_QUEUED;
  const db = database.db;
  const instanceId = randomUUID();
  const streams = new Map<string, Set<Stream>>();
  let stopped = false;
  let listener: pg.Client | null = null;
  let ticks = 0;

  /** Writes a stream's queue out in order, one write at a time; a stalled write ends the stream. */
  async function drain(stream: Stream): Promise<void> {
    stream.writing = true;
    try {
      while (stream.queue.length && !stream.done) {
        const event = stream.queue.shift()!;
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          stream.send(event).then(
            () => 'sent' as const,
            () => 'failed' as const,
          ),
          new Promise<'slow'>((r) => (timer = setTimeout(() => r('slow'), sendTimeoutMs))),
        ]);
        clearTimeout(timer);
        if (outcome !== 'sent') {
          stream.end('dropped');
          return;
        }
      }
    } finally {
      stream.writing = false;
    }
  }

  /** Queues `events` (in id order) on `stream` after its last id; never waits for the client. */
  function hand(stream: Stream, events: StreamEvent[]) {
    if (stream.done) return;
    for (const event of events)
      if (event.id > stream.lastId) {
        stream.lastId = event.id;
        stream.queue.push(event);
      }
    if (stream.queue.length > maxQueued) {
      stream.end('dropped');
      return;
    }
    if (!stream.writing && stream.queue.length) void drain(stream);
  }

  /**
   * Sends these users' new events to their streams: one query for all of them (rows after the
   * oldest position among their streams, in id order, a batch at a time), each stream getting the
   * rows after its own last id. One query per wake, not one per user: a change seen by 200 people
   * is one read on each instance.
   */
  async function deliver(userIds: string[]): Promise<void> {
    const live = userIds.filter((u) => streams.get(u)?.size);
    if (!live.length) return;
    let cursor = Math.min(...live.flatMap((u) => [...streams.get(u)!].map((s) => s.lastId)));
    for (;;) {
      const rows = await db
        .select({
          id: realtimeEvent.id,
          userId: realtimeEvent.userId,
          kind: realtimeEvent.kind,
          data: realtimeEvent.data,
        })
        .from(realtimeEvent)
        .where(and(inArray(realtimeEvent.userId, live), gt(realtimeEvent.id, cursor)))
        .orderBy(asc(realtimeEvent.id))
        .limit(BATCH);
      const byUser = new Map<string, StreamEvent[]>();
      for (const { userId, ...event } of rows) {
        let list = byUser.get(userId);
        if (!list) byUser.set(userId, (list = []));
        list.push(event);
      }
      // each stream in id order, written by its own queue: a slow client delays only itself
      for (const [userId, events] of byUser)
        for (const stream of streams.get(userId) ?? []) hand(stream, events);
      if (rows.length < BATCH) return;
      cursor = rows.at(-1)!.id;
    }
  }

  /** Users woken and not delivered to yet; one delivery round runs at a time on this instance. */
  const pending = new Set<string>();
  let flushing = false;

  function wakeOne(userId: string) {
    if (stopped || !streams.has(userId)) return;
    pending.add(userId);
    if (flushing) return;
    flushing = true;
    void (async () => {
      try {
        while (pending.size && !stopped) {
          const users = [...pending].slice(0, WAKE_BATCH);
          for (const u of users) pending.delete(u);
          try {
            await deliver(users);
          } catch (error) {
            logger.warn({ err: (error as Error).name }, 'realtime: delivery failed');
          }
        }
      } finally {
        flushing = false;
      }
    })();
  }

  async function refreshPresence(userIds: string[]) {
    if (!userIds.length) return;
    await db
      .insert(realtimePresence)
      .values(userIds.map((userId) => ({ userId, instanceId })))
      .onConflictDoUpdate({
        target: [realtimePresence.userId, realtimePresence.instanceId],
        set: { seenAt: sql`now()` },
      });
  }

  const timer = setInterval(() => {
    void (async () => {
      try {
        await refreshPresence([...streams.keys()]);
        // now and then: events nobody can need any more (a reconnect resumes within minutes)
        if (ticks++ % 30 === 0)
          await db
            .delete(realtimeEvent)
            .where(lt(realtimeEvent.createdAt, sql`now() - ${EVENT_TTL}::interval`));
      } catch (error) {
        logger.warn({ err: (error as Error).name }, 'realtime: presence refresh failed');
      }
    })();
  }, PRESENCE_REFRESH_MS);
  timer.unref();

  async function listen() {
    if (stopped || database.kind !== 'postgres' || !databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const reconnect = () => {
      if (listener !== client) return;
      listener = null;
      void client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen(), 2_000).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (n) => {
      if (n.channel !== REALTIME_CHANNEL || !n.payload) return;
      for (const userId of n.payload.split(',')) wakeOne(userId);
    });
    try {
      listener = client;
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
      // anything committed while we were not listening
      for (const userId of streams.keys()) wakeOne(userId);
    } catch (error) {
      logger.warn({ err: (error as Error).name }, 'realtime: LISTEN failed, retrying');
      reconnect();
    }
  }
  void listen();

  return {
    instanceId,
    async subscribe(userId, lastEventId, send) {
      let lastId = lastEventId;
      if (lastId === null) {
        const [row] = await db
          .select({ id: max(realtimeEvent.id) })
          .from(realtimeEvent)
          .where(eq(realtimeEvent.userId, userId));
        lastId = row?.id ?? 0;
      }
      let resolveEnded!: (why: StreamEnd) => void;
      const ended = new Promise<StreamEnd>((resolve) => (resolveEnded = resolve));
      const stream: Stream = {
        lastId,
        send,
        queue: [],
        writing: false,
        done: false,
        end(why) {
          if (stream.done) return;
          stream.done = true;
          stream.queue.length = 0;
          resolveEnded(why);
        },
      };
      let subs = streams.get(userId);
      if (!subs) streams.set(userId, (subs = new Set()));
      subs.add(stream);
      if (subs.size === 1) await refreshPresence([userId]).catch(() => undefined);
      if (lastEventId !== null) wakeOne(userId);
      return {
        ended,
        close() {
          const set = streams.get(userId);
          if (!set?.delete(stream)) return;
          stream.end('closed');
          if (set.size === 0) {
            streams.delete(userId);
            void db
              .delete(realtimePresence)
              .where(
                and(
                  eq(realtimePresence.userId, userId),
                  eq(realtimePresence.instanceId, instanceId),
                ),
              )
              .catch(() => undefined);
          }
        },
      };
    },
    wake(userIds) {
      for (const userId of userIds) wakeOne(userId);
    },
    isOnline: isOnlineIn,
    connections: () => [...streams.values()].reduce((n, s) => n + s.size, 0),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      for (const subs of streams.values()) for (const s of subs) s.end('stopped');
      const users = [...streams.keys()];
      streams.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      if (users.length)
        await db
          .delete(realtimePresence)
          .where(
            and(
              eq(realtimePresence.instanceId, instanceId),
              inArray(realtimePresence.userId, users),
            ),
          )
          .catch(() => undefined);
    },
  };
}
