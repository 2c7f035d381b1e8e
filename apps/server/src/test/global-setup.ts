/**
 * Vitest global setup of the API projects: migrates one database before any test file runs and
 * hands it to the harness, which copies it for each test server instead of migrating a new one.
 * - PGlite (`api`): a migrated `pgdata` folder, copied. Migrating an empty PGlite took about 6.5 s
 *   of the 7.5 s a test server needed to start; copying the folder and opening it, about 1.3 s.
 * - PostgreSQL (`api-postgres`): a migrated database on TEST_DATABASE_URL, the TEMPLATE of each
 *   test database (CREATE DATABASE … TEMPLATE), dropped at the end.
 * The copy is the database the migrations make: each test server still runs `migrate`, which finds
 * nothing to do, and seeds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite `pgdata` folder to copy (test/harness.ts). */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database to use as a TEMPLATE (test/harness.ts). */
    postgresTemplate: string;
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

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB_KIND === 'postgres' && base) {
    const name = `painlab_tpl_${Date.now().toString(36)}_${process.pid}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: os.tmpdir() });
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', path.join(dir, 'pgdata'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
