/**
 * Two real server processes on one PostgreSQL (ADR 0018, 0029):
 * - the instance a client's event stream is on is killed (SIGKILL, no goodbye) while notifications
 *   keep being made through the other; the client reconnects to the survivor with its Last-Event-ID
 *   and receives every one of them: none lost, none twice;
 * - the due-soon notices of 200 tasks that fall due at once are made exactly once between the two
 *   instances' schedulers.
 * PostgreSQL only: the embedded database is one process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '@painlab/shared/personas';
import { openStream } from '../test/event-stream';
import { ApiClient, dbKind } from '../test/harness';
import {
  launchServer,
  sharedPostgres,
  stopAll,
  waitHealthy,
  type ServerProcess,
} from '../test/server-process';

let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
const dirs: string[] = [];
let url = '';
let db: pg.Client;

async function launch(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-instance-'));
  dirs.push(dataDir);
  const proc = await launchServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    RATE_LIMIT_AUTH_MAX: '1000',
    LOG_LEVEL: 'warn',
    TASK_DUE_POLL_MS: '100',
  });
  await waitHealthy(proc);
  return proc;
}

async function signIn(proc: ServerProcess, email: string) {
  const client = new ApiClient(proc.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

/** The same signed-in person talking to another instance (the session is in the database). */
function sameSessionOn(client: ApiClient, proc: ServerProcess) {
  const other = new ApiClient(proc.url);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(dbKind !== 'postgres')('realtime with an instance killed', () => {
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    shared = await sharedPostgres('painlab_t_kill');
    url = shared.url;
    db = new pg.Client({ connectionString: url });
    await db.connect();
    a = await launch();
    b = await launch(); // the demo accounts exist: b seeds nothing new
  }, 180_000);

  afterAll(async () => {
    stopAll();
    await db?.end();
    await shared?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('due-soon notices of 200 tasks are made once between two instances', async () => {
    const [{ id: specialistId }] = (
      await db.query<{ id: string }>('select id from "user" where email = $1', [DEMO.specialist])
    ).rows as [{ id: string }];
    // 200 tasks fall due at once (one statement): both schedulers see them in the same rounds
    const { rows: tasks } = await db.query<{ id: string }>(
      `insert into task (title, assignee_user_id, due_date, priority)
       select 'Revisar informe ' || g, $1, (now() at time zone 'Europe/Madrid')::date + 1, 'medium'
       from generate_series(1, 200) g returning id`,
      [specialistId],
    );
    const ids = tasks.map((t) => t.id);
    const deadline = Date.now() + 60_000;
    let made = 0;
    while (Date.now() < deadline) {
      made = Number(
        (
          await db.query<{ n: string }>(
            'select count(*) as n from task_due_notice where task_id = any($1)',
            [ids],
          )
        ).rows[0]!.n,
      );
      if (made === 200) break;
      await sleep(100);
    }
    expect(made).toBe(200);
    await sleep(500); // a late round of either instance would show as a second notice now
    const { rows } = await db.query<{ ref_id: string; count: number }>(
      `select ref_id, count from notification where type = 'task_due' and ref_id = any($1)`,
      [ids],
    );
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.count === 1)).toBe(true);
    const { rows: events } = await db.query<{ n: string }>(
      `select count(*) as n from realtime_event where kind = 'notification.created'
       and data->>'notificationId' in (select id::text from notification where type = 'task_due' and ref_id = any($1))`,
      [ids],
    );
    expect(Number(events[0]!.n)).toBe(200);
    // both instances took part (each audit row is written by the one that made the notice)
    expect(a.output()).not.toMatch(/task due notices failed/);
    expect(b.output()).not.toMatch(/task due notices failed/);
  }, 120_000);

  it('a client whose instance is killed reconnects to the other and gets everything sent meanwhile', async () => {
    const adminOnB = await signIn(b, DEMO.admin);
    const specialistOnA = await signIn(a, DEMO.specialist);
    const specialistId = (await specialistOnA.get('/api/me')).body.user.id as string;
    const live = await openStream(specialistOnA);

    const made: string[] = []; // task ids, in order
    const assign = async (i: number) => {
      const res = await adminOnB.post('/api/tasks', {
        title: `Llamar a paciente ${i}`,
        assignee: { kind: 'user', userId: specialistId },
        priority: 'medium',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id as string);
    };
    for (let i = 0; i < 10; i++) await assign(i);
    await live.waitFor(`"taskId":"${made.at(-1)}"`);
    const before = live.events();
    const lastSeen = before.at(-1)!.id;

    // the client's instance dies without closing anything; notices keep coming through b
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    for (let i = 10; i < 40; i++) await assign(i);

    // the browser reconnects (here: to the survivor) with the last id it saw
    const resumed = await openStream(sameSessionOn(specialistOnA, b), {
      lastEventId: String(lastSeen),
    });
    await resumed.waitFor(`"taskId":"${made.at(-1)}"`);
    // and hears of what comes after, live
    await assign(40);
    await resumed.waitFor(`"taskId":"${made.at(-1)}"`);
    const after = resumed.events();
    resumed.close();
    live.close();

    const { rows: notes } = await db.query<{ id: string; ref_id: string }>(
      `select id, ref_id from notification where recipient_id = $1 and type = 'task_assigned'
       and ref_id = any($2)`,
      [specialistId, made],
    );
    expect(notes).toHaveLength(made.length);
    const received = [...before, ...after];
    const ids = received.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length); // nothing twice
    expect(after.every((e) => e.id > lastSeen)).toBe(true);
    const heard = new Set(
      received.filter((e) => e.kind === 'notification.created').map((e) => e.data.notificationId),
    );
    const lost = notes.filter((n) => !heard.has(n.id));
    expect(lost).toEqual([]); // delivery rate 41 / 41
    const changed = new Set(
      received.filter((e) => e.kind === 'task.changed').map((e) => e.data.taskId),
    );
    expect(made.every((id) => changed.has(id))).toBe(true);

    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 180_000);
});
