/**
 * Two real server processes on one PostgreSQL, both delivering the outbox to one real SMTP server:
 * 200 messages queued at once are each delivered exactly once (SKIP LOCKED), both processes take
 * part, and both stop cleanly on SIGTERM. PostgreSQL only: the embedded database is one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { dbKind, freePort } from '../test/harness';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { enqueue } from './outbox';

const MAIN = new URL('../main.ts', import.meta.url).pathname;
const COUNT = 200;
const base = process.env.TEST_DATABASE_URL;
const name = `painlab_t_ob_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const children: ChildProcess[] = [];
const dirs: string[] = [];
let smtp: SmtpSink;
let url = '';

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function launch(): Promise<Proc> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-instance-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: '100',
      OUTBOX_BATCH: '5',
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

async function waitHealthy(proc: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      if ((await fetch(`${proc.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy: ${proc.output()}`);
}

/** The ids of the messages a process logged as sent (its debug log: ids only, never addresses). */
function sentBy(proc: Proc): string[] {
  return proc
    .output()
    .split('\n')
    .filter((l) => l.includes('outbox message sent'))
    .map((l) => (JSON.parse(l) as { messageId: string }).messageId);
}

describe.skipIf(dbKind !== 'postgres')('two server instances on one PostgreSQL', () => {
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
    // migrated once here, so the two processes do not race each other's migrations
    const database = await openDatabase({ url, dataDir: os.tmpdir() });
    await database.close();
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    if (base) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('deliver 200 messages exactly once between them, and stop cleanly', async () => {
    const [a, b] = [await launch(), await launch()];
    await Promise.all([waitHealthy(a), waitHealthy(b)]);

    let database: Database | undefined;
    try {
      database = await openDatabase({ url, dataDir: os.tmpdir() });
      // one transaction: at its commit both instances hear the NOTIFY and race for the rows
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < COUNT; i++)
          await enqueue(tx, {
            channel: 'email',
            to: `instance-${i}@example.test`,
            language: i % 2 ? 'en' : 'es',
            template: 'patient.invite',
            params: {
              clinic: 'Pain Lab',
              link: `https://clinic.example/register?invite=${i}`,
              days: 7,
            },
          });
      });

      const deadline = Date.now() + 90_000;
      while (smtp.received.length < COUNT && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      // time for a duplicate to show up, if there were one
      await new Promise((r) => setTimeout(r, 1500));

      const recipients = smtp.received.flatMap((m) => m.to);
      expect(recipients).toHaveLength(COUNT);
      expect(new Set(recipients).size).toBe(COUNT);
      const rows = (
        await database.pool.query<{ status: string; attempts: number; n: number }>(
          'select status, attempts, count(*)::int as n from outbox_message group by 1, 2',
        )
      ).rows;
      expect(rows).toEqual([{ status: 'sent', attempts: 1, n: COUNT }]);

      // both took part, and no message was sent by both
      const byA = sentBy(a);
      const byB = sentBy(b);
      expect(byA.length).toBeGreaterThan(0);
      expect(byB.length).toBeGreaterThan(0);
      expect(byA.length + byB.length).toBe(COUNT);
      expect(new Set([...byA, ...byB]).size).toBe(COUNT);
      // the logs never carry an address
      expect(a.output() + b.output()).not.toContain('@example.test');
    } finally {
      await database?.close();
    }

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  }, 240_000);
});
