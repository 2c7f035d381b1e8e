/**
 * Real server processes on one PostgreSQL. A first one is killed (kill -9) in the middle of a
 * delivery; then two more, both delivering to one real SMTP server, take that message again once
 * its lease ran out, and deliver 200 messages queued at once exactly once each (SKIP LOCKED), both
 * taking part; both stop cleanly on SIGTERM. PostgreSQL only: the embedded database is one process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { dbKind } from '../test/harness';
import {
  launchServer,
  sharedPostgres,
  stopAll,
  waitHealthy,
  type ServerProcess,
} from '../test/server-process';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { enqueue } from './outbox';

const COUNT = 200;
let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
const dirs: string[] = [];
let smtp: SmtpSink;
let blackHole: SmtpSink;
let url = '';

type Proc = ServerProcess;

async function launch(extra: Record<string, string> = {}): Promise<Proc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-instance-'));
  dirs.push(dataDir);
  return launchServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '100',
    OUTBOX_BATCH: '5',
    LOG_LEVEL: 'debug',
    ...extra,
  });
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
    blackHole = await startSmtpSink({ hang: true });
    shared = await sharedPostgres('painlab_t_ob');
    url = shared.url;
  }, 120_000);

  afterAll(async () => {
    stopAll();
    await smtp?.close();
    void blackHole?.close();
    await shared?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a message left by a killed process is taken again; 200 messages are delivered exactly once between two processes, which stop cleanly', async () => {
    let database: Database | undefined;
    try {
      database = await openDatabase({ url, dataDir: os.tmpdir() });
      const db = database.db;

      // A process whose SMTP server never acknowledges: it takes the message and waits; kill -9.
      const doomed = await launch({ SMTP_URL: blackHole.url, OUTBOX_LEASE_MS: '3000' });
      await waitHealthy(doomed);
      const { id: crashedId } = await enqueue(db, {
        channel: 'email',
        to: 'crashed-instance@example.test',
        language: 'en',
        template: 'patient.invite',
        params: { clinic: 'Pain Lab', link: 'https://clinic.example/register?invite=k9', days: 7 },
      });
      const status = async () =>
        (
          await database!.pool.query<{ status: string; attempts: number }>(
            'select status, attempts from outbox_message where id = $1',
            [crashedId],
          )
        ).rows[0];
      const taken = Date.now() + 30_000;
      while ((await status())?.status !== 'sending' && Date.now() < taken)
        await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toEqual({ status: 'sending', attempts: 1 });
      await new Promise((r) => setTimeout(r, 300)); // well inside the SMTP exchange
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      expect(await status()).toEqual({ status: 'sending', attempts: 1 });

      const [a, b] = [await launch(), await launch()];
      await Promise.all([waitHealthy(a), waitHealthy(b)]);

      // one transaction: at its commit both instances hear the NOTIFY and race for the rows
      await db.transaction(async (tx) => {
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
      while (smtp.received.length < COUNT + 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      // time for a duplicate to show up, if there were one
      await new Promise((r) => setTimeout(r, 1500));

      const recipients = smtp.received.flatMap((m) => m.to);
      expect(recipients).toHaveLength(COUNT + 1);
      expect(new Set(recipients).size).toBe(COUNT + 1);
      // the killed process's message: taken again after its lease, delivered once, 2 attempts
      expect(recipients).toContain('crashed-instance@example.test');
      expect(await status()).toEqual({ status: 'sent', attempts: 2 });
      const rows = (
        await database.pool.query<{ status: string; attempts: number; n: number }>(
          'select status, attempts, count(*)::int as n from outbox_message where id <> $1 group by 1, 2',
          [crashedId],
        )
      ).rows;
      expect(rows).toEqual([{ status: 'sent', attempts: 1, n: COUNT }]);

      // both took part, and no message was sent by both
      const byA = sentBy(a);
      const byB = sentBy(b);
      expect(byA.length).toBeGreaterThan(0);
      expect(byB.length).toBeGreaterThan(0);
      expect(byA.length + byB.length).toBe(COUNT + 1);
      expect(new Set([...byA, ...byB]).size).toBe(COUNT + 1);
      // the logs never carry an address
      expect(a.output() + b.output() + doomed.output()).not.toContain('@example.test');

      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await database?.close();
    }
  }, 240_000);
});
