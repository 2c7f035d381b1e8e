/**
 * The database connection. With DATABASE_URL it is PostgreSQL; without it, PGlite embedded in
 * DATA_DIR, run in a worker thread and reached over a Unix socket with the same `pg` driver.
 * PGlite is one connection, so its pool holds exactly one client: statements and transactions
 * queue in the pool and never interleave.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  kind: DbKind;
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
const SOCKET_PORT = 5432;

export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url)
    : await openPglite(path.resolve(options.dataDir));
  try {
    await migrate(database.db, { migrationsFolder: MIGRATIONS });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Handles whose connections keep their own server-side prepared statements (PostgreSQL). */
const ownSessions = new WeakSet<Db>();

/**
 * The name to prepare a hot statement under: PostgreSQL parses and plans a named statement once per
 * connection. PGlite gets '' (unnamed, parsed each time): its one backend is shared by every socket
 * client — the server's one pooled client, a client that replaces it after an error, the test
 * harness's own client — so a statement named by one can vanish under it when another connects.
 */
export function statementName(db: Db, name: string): string {
  return ownSessions.has(db) ? name : '';
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  const db = drizzle(pool, { schema });
  ownSessions.add(db);
  return {
    kind: 'postgres',
    pool,
    db,
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = acquireDataDirLock(dataDir);
  // A private folder (0700) for the socket; Unix socket paths are limited to ~100 bytes.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-db-'));
  const socketPath = path.join(runDir, `.s.PGSQL.${SOCKET_PORT}`);

  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { pgdataDir: path.join(dataDir, 'pgdata'), socketPath },
  });
  try {
    await waitFor(worker, 'ready');
  } catch (error) {
    await worker.terminate();
    fs.rmSync(runDir, { recursive: true, force: true });
    release();
    throw error;
  }

  const pool = new pg.Pool({
    host: runDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on('error', () => undefined);

  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    pool,
    db: drizzle(pool, { schema }),
    close: () =>
      (closing ??= (async () => {
        await pool.end().catch(() => undefined);
        worker.postMessage('close');
        await waitFor(worker, 'closed').catch(() => undefined);
        await worker.terminate();
        fs.rmSync(runDir, { recursive: true, force: true });
        release();
      })()),
  };
}

function waitFor(worker: Worker, type: 'ready' | 'closed'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === type) {
        cleanup();
        resolve();
      } else if (message.type === 'error') {
        cleanup();
        reject(new Error(`Embedded database: ${message.message}`));
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`Embedded database worker exited (${code})`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
