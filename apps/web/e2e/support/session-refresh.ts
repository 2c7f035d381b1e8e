/**
 * Keeps the saved demo sessions (auth.setup.ts, `.auth/<role>.json`) usable for the whole run.
 *
 * A saved session is a cookie whose Max-Age is the server's idle limit (30 minutes). The server
 * slides the session, and its cookie, on use, but only inside the browser context that used it:
 * the file keeps the first expiry. The whole e2e run is longer than 30 minutes, so a context made
 * from the file later would start without a cookie and land on /login (the stop-16 CI run failed
 * 83 tests that way). Each worker therefore signs every demo account in again once its file is
 * REFRESH_AFTER_MS old, and replaces the file's cookies atomically (write, then rename); the
 * file's localStorage is kept. Both workers may do it at once: each writes a valid file.
 */
import fs from 'node:fs';
import { request } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '@painlab/shared/personas';
import type { Role } from '@painlab/shared/permissions';

const REFRESH_AFTER_MS = Number(process.env.E2E_SESSION_REFRESH_MS ?? 10 * 60_000);
const CHECK_EVERY_MS = Math.min(60_000, REFRESH_AFTER_MS);

type StorageState = { cookies: unknown[]; origins: unknown[] };

async function refreshIfOld(file: string, role: Role, baseURL: string): Promise<void> {
  let age: number;
  try {
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return; // not written yet: the setup project has not run
  }
  if (age < REFRESH_AFTER_MS) return;
  const api = await request.newContext({ baseURL });
  try {
    const response = await api.post('/api/auth/sign-in/email', {
      data: { email: demoEmail(role), password: DEMO_PASSWORD },
      headers: { Origin: baseURL },
    });
    if (!response.ok()) return;
    const { cookies } = await api.storageState();
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as StorageState;
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify({ ...saved, cookies }, null, 2));
    fs.renameSync(temporary, file);
  } finally {
    await api.dispose();
  }
}

let started = false;

/** In a test worker: checks the saved sessions every minute (an unref'd timer) from now on. */
export function keepSessionsFresh(
  roles: readonly Role[],
  fileOf: (role: Role) => string,
  baseURL: string,
): void {
  if (started || !process.env.TEST_WORKER_INDEX) return;
  started = true;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      for (const role of roles) await refreshIfOld(fileOf(role), role, baseURL);
    } catch {
      // the server may be between tests or shutting down: the next check tries again
    } finally {
      running = false;
    }
  };
  setInterval(() => void check(), CHECK_EVERY_MS).unref();
}
