/**
 * Revocation across server instances (ADR 0006, amended by 0026). Every instance keeps looked-up
 * sessions in memory for SESSION_CACHE_MS (http/session.ts). When a write that can change who is
 * signed in or as what succeeds here — sign-out, ending sessions, a ban, a role change, a password
 * reset, a deleted user — this instance clears its own cache and NOTIFYs `painlab_sessions`; every
 * other instance on the same PostgreSQL LISTENs and clears its cache on hearing it, so the next
 * request there reads the session row again.
 *
 * Fails closed: while an instance is not LISTENing (starting, connection lost, reconnecting) its
 * cache is suspended — every request reads the database — so a NOTIFY it could not hear costs
 * speed, never a revoked session that keeps working. On PGlite (one process) nobody else can hold
 * a session, so there is nothing to send or hear, and the cache is never suspended.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { toRole, type Role } from '@painlab/shared/permissions';
import type { Database } from '../db/client';
import { session as sessionTable, user as userTable } from '../db/schema';
import type { Logger } from '../lib/logger';
import { isBanned, pastAbsoluteLimit, SessionCache } from './session';

/** The channel NOTIFY'd after a successful write to sessions, users or roles; the payload is the sender's id. */
export const SESSIONS_CHANNEL = 'painlab_sessions';

const RECONNECT_MS = 1_000;
/** Watched sessions read in one query at most. */
const WATCH_BATCH = 1_000;

interface Watched {
  sessionId: string;
  role: Role;
  revoked: () => void;
}

export interface SessionSignal {
  /** This instance's looked-up sessions (http/session.ts). */
  readonly cache: SessionCache;
  /** Clears this instance's cache and tells the others (call after the write committed). */
  changed(): Promise<void>;
  /** Whether this instance hears the others (always true on PGlite). */
  listening(): boolean;
  /**
   * Calls `revoked` once when the session stops being usable as `role` (read again on every
   * signal); returns the function that stops watching. For connections that outlive their
   * request's check (the event stream).
   */
  watch(sessionId: string, role: Role, revoked: () => void): () => void;
  /** Sessions watched on this instance (tests). */
  watching(): number;
  stop(): Promise<void>;
}

export function startSessionSignal(
  database: Database,
  databaseUrl: string | undefined,
  cacheMs: number,
  logger: Logger,
  absoluteHours: number,
): SessionSignal {
  const cache = new SessionCache(cacheMs);
  const watched = new Set<Watched>();
  let checking = false;
  let checkAgain = false;

  /** Ends the watched sessions that are no longer usable as they were (one query per batch). */
  async function checkWatched(list: Watched[]) {
    const ids = [...new Set(list.map((w) => w.sessionId))];
    const rows = [];
    for (let i = 0; i < ids.length; i += WATCH_BATCH)
      rows.push(
        ...(await database.db
          .select({
            id: sessionTable.id,
            expiresAt: sessionTable.expiresAt,
            createdAt: sessionTable.createdAt,
            role: userTable.role,
            banned: userTable.banned,
            banExpires: userTable.banExpires,
          })
          .from(sessionTable)
          .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
          .where(inArray(sessionTable.id, ids.slice(i, i + WATCH_BATCH)))),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = Date.now();
    for (const w of list) {
      const row = byId.get(w.sessionId);
      const usable =
        row &&
        row.expiresAt.getTime() > now &&
        !isBanned(row, now) &&
        !pastAbsoluteLimit(row, now, absoluteHours) &&
        toRole(row.role) === w.role;
      if (usable || !watched.delete(w)) continue;
      w.revoked();
    }
  }

  /** Re-reads the watched sessions; a signal during a check runs one more check after it. */
  function recheck() {
    if (!watched.size) return;
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    void (async () => {
      try {
        do {
          checkAgain = false;
          await checkWatched([...watched]);
        } while (checkAgain && watched.size && !stopped);
      } catch (error) {
        logger.warn({ err: (error as Error).name }, 'sessions: re-reading watched sessions failed');
      } finally {
        checking = false;
      }
    })();
  }

  const shared = database.kind === 'postgres' && !!databaseUrl;
  const instanceId = randomUUID();
  let listener: pg.Client | null = null;
  let heard = !shared;
  let stopped = false;

  async function listen() {
    if (stopped || !shared) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const reconnect = () => {
      if (listener !== client) return;
      listener = null;
      heard = false;
      cache.suspend(true);
      void client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (n) => {
      if (n.channel !== SESSIONS_CHANNEL || n.payload === instanceId) return;
      cache.clear();
      recheck();
    });
    try {
      listener = client;
      await client.connect();
      await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
      if (listener !== client) return;
      // whatever changed while we were not listening was read from the database anyway
      cache.clear();
      heard = true;
      cache.suspend(false);
      recheck();
    } catch (error) {
      logger.warn({ err: (error as Error).name }, 'sessions: LISTEN failed, cache off, retrying');
      reconnect();
    }
  }

  if (shared) {
    cache.suspend(true);
    void listen();
  }

  return {
    cache,
    async changed() {
      cache.clear();
      recheck();
      if (!shared) return;
      try {
        await database.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${instanceId})`);
      } catch (error) {
        // the write stands; the other instances catch up within SESSION_CACHE_MS
        logger.error({ err: (error as Error).name }, 'sessions: NOTIFY failed');
      }
    },
    listening: () => heard,
    watch(sessionId, role, revoked) {
      const entry: Watched = { sessionId, role, revoked };
      watched.add(entry);
      // read once now: a change between the request's check and this watch is not missed
      void checkWatched([entry]).catch((error: Error) =>
        logger.warn({ err: error.name }, 'sessions: reading a watched session failed'),
      );
      return () => void watched.delete(entry);
    },
    watching: () => watched.size,
    async stop() {
      stopped = true;
      watched.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
