/**
 * Vitest global setup of the API projects: migrates one database before any test file runs, and a
 * second one that also holds the demo data, and hands them to the harness, which copies one for each
 * test server instead of migrating and seeding a new database.
 * - PGlite (`api`): migrated `pgdata` folders, copied. Migrating an empty PGlite took about 6.5 s
 *   of the 7.5 s a test server needed to start; copying the folder and opening it, about 1.3 s.
 *   Seeding the demo data took another 2.2 s of each start (0.3 s on PostgreSQL, 1.2 s with it).
 * - PostgreSQL (`api-postgres`): migrated databases on TEST_DATABASE_URL, the TEMPLATEs of each
 *   test database (CREATE DATABASE … TEMPLATE), dropped at the end.
 * The seeded copy is what a test server would have made itself: the real server (`startServer`)
 * seeds it once, with the harness's own environment, and its auth secret (which keys the link HMACs
 * of the seeded rows) is copied with it. A server whose overrides change the seed (SEED_INPUTS in
 * test/test-env.ts) gets the unseeded copy and seeds as before. Every test server still runs
 * `migrate` and the seed, which find nothing to do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { startServer } from '../server';
import { freePort, testServerEnv } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite `pgdata` folder to copy (test/harness.ts). */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database to use as a TEMPLATE (test/harness.ts). */
    postgresTemplate: string;
    /**
     * The seeded template: a folder holding `auth-secret` and, on PGlite, `pgdata`; on PostgreSQL
     * `database` names the seeded database to use as a TEMPLATE.
     */
    seededTemplate: { dir: string; database?: string };
  }
}

async function adminQuery(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Starts the real server on `dataDir` (and `databaseUrl`) with the harness's environment: it seeds. */
async function seed(dataDir: string, databaseUrl?: string): Promise<void> {
  const env = testServerEnv({ port: await freePort(), dataDir, databaseUrl });
  const server = await startServer(loadEnv(env), createLogger('silent'));
  await server.close();
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-seeded-'));
  if (project.config.env?.TEST_DB_KIND === 'postgres' && base) {
    const stamp = `${Date.now().toString(36)}_${process.pid}`;
    const name = `painlab_tpl_${stamp}`;
    const seeded = `painlab_tpls_${stamp}`;
    const urlOf = (database: string) => {
      const url = new URL(base);
      url.pathname = `/${database}`;
      return url.toString();
    };
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: urlOf(name), dataDir: os.tmpdir() });
    await database.close();
    await adminQuery(base, `CREATE DATABASE ${seeded} TEMPLATE ${name}`);
    await seed(seededDir, urlOf(seeded));
    project.provide('postgresTemplate', name);
    project.provide('seededTemplate', { dir: seededDir, database: seeded });
    return async () => {
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(base, `DROP DATABASE IF EXISTS ${seeded} WITH (FORCE)`);
      fs.rmSync(seededDir, { recursive: true, force: true });
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  fs.cpSync(path.join(dir, 'pgdata'), path.join(seededDir, 'pgdata'), { recursive: true });
  await seed(seededDir);
  project.provide('pgliteTemplate', path.join(dir, 'pgdata'));
  project.provide('seededTemplate', { dir: seededDir });
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(seededDir, { recursive: true, force: true });
  };
}
