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
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';
import { SessionCache } from './session';

/** The channel NOTIFY'd after a successful write to sessions, users or roles; the payload is the sender's id. */
export const SESSIONS_CHANNEL = 'painlab_sessions';

const RECONNECT_MS = 1_000;

export interface SessionSignal {
  /** This instance's looked-up sessions (http/session.ts). */
  readonly cache: SessionCache;
  /** Clears this instance's cache and tells the others (call after the write committed). */
  changed(): Promise<void>;
  /** Whether this instance hears the others (always true on PGlite). */
  listening(): boolean;
  stop(): Promise<void>;
}

export function startSessionSignal(
  database: Database,
  databaseUrl: string | undefined,
  cacheMs: number,
  logger: Logger,
): SessionSignal {
  const cache = new SessionCache(cacheMs);
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
      if (n.channel === SESSIONS_CHANNEL && n.payload !== instanceId) cache.clear();
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
      if (!shared) return;
      try {
        await database.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${instanceId})`);
      } catch (error) {
        // the write stands; the other instances catch up within SESSION_CACHE_MS
        logger.error({ err: (error as Error).name }, 'sessions: NOTIFY failed');
      }
    },
    listening: () => heard,
    async stop() {
      stopped = true;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
