/**
 * The embedded database as an operator meets it, with real processes: a second server on the same
 * folder is refused, acknowledged writes survive kill -9, and SIGTERM closes cleanly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, DEMO, DEMO_PASSWORD, dbKind } from '../test/harness';
import { launchServer, stopAll, waitHealthy, type ServerProcess } from '../test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-durability-'));

type Proc = ServerProcess;

const launch = (): Promise<Proc> =>
  launchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000',
  });

afterAll(() => {
  stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(dbKind !== 'pglite')('embedded database durability', () => {
  const created: string[] = [];

  it('refuses a second process on the same data folder with a clear error', async () => {
    const first = await launch();
    await waitHealthy(first);
    const second = await launch();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Pain Lab process');
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);

    // acknowledged writes, then kill -9 right after the last acknowledgement
    const admin = new ApiClient(first.url);
    expect(
      (await admin.post('/api/auth/sign-in/email', { email: DEMO.admin, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 15; i++) {
      const res = await admin.post('/api/users', {
        name: `Ack ${i}`,
        email: `ack${i}@durable.test`,
        role: 'user',
        password: 'a-long-enough-password',
      });
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    // two server starts, each migrating and seeding every module's demo data (waitHealthy allows 90 s)
  }, 240_000);

  it('reopens after kill -9 with every acknowledged write and a valid audit chain', async () => {
    const restarted = await launch();
    await waitHealthy(restarted);
    const admin = new ApiClient(restarted.url);
    await admin.post('/api/auth/sign-in/email', { email: DEMO.admin, password: DEMO_PASSWORD });
    const users = await admin.get('/api/users?limit=100');
    const ids = new Set(users.body.items.map((u: { id: string }) => u.id));
    expect(created.every((id) => ids.has(id))).toBe(true);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(restarted.output()).toContain('Database closed cleanly.');
    expect(fs.existsSync(path.join(dataDir, 'painlab.lock'))).toBe(false);
  }, 180_000);
});
