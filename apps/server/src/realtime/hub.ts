/**
 * This server instance's end of the realtime stream (ADR 0018). It keeps the open streams per user;
 * `wake(userIds)` makes it read those users' new events from `realtime_event` (by id, after the last
 * one each stream was sent) and write them out. What wakes it:
 *   - this instance, right after a transaction that published events commits (`wake`);
 *   - on PostgreSQL, a LISTEN connection hearing the NOTIFY of any instance's commit;
 *   - a reconnect of the LISTEN connection (every local user: a NOTIFY may have been missed).
 * On PGlite (one process) the first is the in-process bus; nothing else is needed.
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

export interface Subscription {
  /** Stops delivering to this stream and forgets it. */
  close(): void;
  /** Resolves when the hub ends the stream (server shutting down). */
  ended: Promise<void>;
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

interface Stream {
  lastId: number;
  send: (event: StreamEvent) => Promise<void>;
  end: () => void;
}

export function createRealtimeHub(
  database: Database,
  databaseUrl: string | undefined,
  logger: Logger,
): RealtimeHub {
  const db = database.db;
  const instanceId = randomUUID();
  const streams = new Map<string, Set<Stream>>();
  /** Per user: the drain running now, and whether another was asked for meanwhile. */
  const draining = new Map<string, { again: boolean }>();
  let stopped = false;
  let listener: pg.Client | null = null;
  let ticks = 0;

  async function drain(userId: string): Promise<void> {
    const subs = streams.get(userId);
    if (!subs?.size) return;
    const from = Math.min(...[...subs].map((s) => s.lastId));
    const rows = await db
      .select({ id: realtimeEvent.id, kind: realtimeEvent.kind, data: realtimeEvent.data })
      .from(realtimeEvent)
      .where(and(eq(realtimeEvent.userId, userId), gt(realtimeEvent.id, from)))
      .orderBy(asc(realtimeEvent.id))
      .limit(BATCH);
    for (const sub of subs)
      for (const row of rows)
        if (row.id > sub.lastId) {
          sub.lastId = row.id;
          await sub.send(row).catch(() => sub.end());
        }
    if (rows.length === BATCH) await drain(userId);
  }

  function wakeOne(userId: string) {
    if (stopped || !streams.has(userId)) return;
    const running = draining.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    draining.set(userId, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await drain(userId);
        } while (state.again && !stopped);
      } catch (error) {
        logger.warn({ err: (error as Error).name }, 'realtime: delivery failed');
      } finally {
        draining.delete(userId);
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
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const stream: Stream = { lastId, send, end };
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
          end();
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
    async isOnline(q, userId) {
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
    },
    connections: () => [...streams.values()].reduce((n, s) => n + s.size, 0),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      for (const subs of streams.values()) for (const s of subs) s.end();
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
