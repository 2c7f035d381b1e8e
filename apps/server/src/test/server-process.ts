/**
 * Real server processes for tests that need more than the in-process app: two instances on one
 * PostgreSQL (outbox, later reminders, realtime, revocation), kill -9 and restart (durability).
 * Each runs `main.ts` through tsx with the test's environment on a free loopback port; its output
 * is kept (for a failing test's message) and it is killed when the test file ends (`stopAll`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from './harness';

const MAIN = new URL('../main.ts', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const running: ChildProcess[] = [];

/** Starts `main.ts` with `env` over the test's own environment; PORT, HOST and BASE_URL are set. */
export async function launchServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves once `/api/health` answers 200; throws with the process's output if it exits or hangs. */
export async function waitHealthy(proc: ServerProcess, timeoutMs = 90_000): Promise<void> {
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

/** Kills every process this test file started that is still running (afterAll). */
export function stopAll(): void {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * A new, migrated database on TEST_DATABASE_URL for server processes to share: a copy of the
 * run's migrated template (test/global-setup.ts), so the processes never race each other's
 * migrations; `drop` also kills what `stopAll` kills and removes the data folders made by `dataDir`.
 */
export async function sharedPostgres(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const run = async (text: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(text);
    await admin.end();
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      stopAll();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const dirs: string[] = [];

/** A fresh data folder for one server process, removed by `sharedPostgres(...).drop`. */
export function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-instance-'));
  dirs.push(dir);
  return dir;
}
