/**
 * Two real server processes on one PostgreSQL: a message posted through one reaches an event stream
 * open on the other (LISTEN/NOTIFY), with ids only; a stream reconnecting to the other instance with
 * its Last-Event-ID gets what it missed. PostgreSQL only: the embedded database is one process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '@painlab/shared/personas';
import { openStream } from '../../test/event-stream';
import { ApiClient, dbKind } from '../../test/harness';
import {
  launchServer,
  sharedPostgres,
  stopAll,
  waitHealthy,
  type ServerProcess,
} from '../../test/server-process';

let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
const dirs: string[] = [];
let url = '';

async function launch(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-instance-'));
  dirs.push(dataDir);
  return launchServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    RATE_LIMIT_AUTH_MAX: '1000',
    LOG_LEVEL: 'warn',
  });
}

async function signIn(proc: ServerProcess, email: string) {
  const client = new ApiClient(proc.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

describe.skipIf(dbKind !== 'postgres')('realtime across two server instances', () => {
  beforeAll(async () => {
    shared = await sharedPostgres('painlab_t_rt');
    url = shared.url;
  }, 120_000);

  afterAll(async () => {
    stopAll();
    await shared?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a message posted through one instance reaches a stream open on the other; resume on either', async () => {
    const a = await launch();
    await waitHealthy(a);
    const b = await launch(); // the demo accounts exist: b seeds nothing new
    await waitHealthy(b);

    const adminOnA = await signIn(a, DEMO.admin);
    const specialistOnB = await signIn(b, DEMO.specialist);
    const specialistId = (await specialistOnB.get('/api/me')).body.user.id as string;
    const live = await openStream(specialistOnB);
    const secret = 'Contenido que no viaja por NOTIFY';
    const sent = Date.now();
    const created = await adminOnA.post('/api/messages/threads', {
      subject: 'Across instances',
      body: secret,
      recipientIds: [specialistId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const threadId = created.body.id as string;
    const text = await live.waitFor(threadId);
    const latency = Date.now() - sent;
    expect(latency).toBeLessThan(5_000);
    expect(text).toContain('event: message.created');
    expect(text).not.toContain(secret);
    const block = text.split('\n\n').find((b) => b.includes('event: message.created'))!;
    const lastId = /^id: (\d+)$/m.exec(block)![1]!;
    live.close();

    // missed while away; the stream comes back on the other instance
    const reply = await adminOnA.post(`/api/messages/threads/${threadId}/messages`, {
      body: 'segundo',
    });
    expect(reply.status).toBe(201);
    const specialistOnA = await signIn(a, DEMO.specialist);
    const resumed = await openStream(specialistOnA, { lastEventId: lastId });
    await resumed.waitFor(reply.body.messages.at(-1).id);
    resumed.close();

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  }, 240_000);
});
