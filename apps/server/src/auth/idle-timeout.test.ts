/**
 * Issue 9: the server enforces the idle limit itself. The server's clock (Date) is moved forward in
 * this process, where the real server runs: a session used every 29 minutes keeps working, one not
 * used for 30 minutes is refused, and the 12-hour absolute limit holds however often it is used.
 * /api/me tells the web app the limit and the time left, for its warning a minute before.
 */
import { SESSION_IDLE_MINUTES } from '@painlab/shared/session-limits';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the server's clock (this process's Date) to `ms` after the real now; timers stay real. */
function later(ms: number) {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

describe('idle timeout on the server', () => {
  it('/api/me gives the idle limit and the time left on the server', async () => {
    const client = await server.signIn(DEMO.specialist);
    const me = await client.get('/api/me');
    expect(me.body.session.idleMinutes).toBe(SESSION_IDLE_MINUTES);
    expect(me.body.session.expiresInMs).toBeGreaterThan(29.9 * MINUTE);
    expect(me.body.session.expiresInMs).toBeLessThanOrEqual(30 * MINUTE);
  });

  it('a session used every 29 minutes lives on; one left for 30 minutes is refused', async () => {
    const client = await server.signIn(DEMO.researcher);
    let shift = 0;
    for (let i = 0; i < 3; i++) {
      shift += 29 * MINUTE;
      later(shift);
      expect((await client.get('/api/me')).status).toBe(200);
    }
    // 87 minutes after sign-in, still in use; now left alone for 30 minutes
    later(shift + 30 * MINUTE + 1000);
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/patients')).status).toBe(401);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
  });

  it('the 12-hour absolute limit holds for a session used all the time', async () => {
    const client = await server.signIn(DEMO.admin);
    let shift = 0;
    while (shift + 20 * MINUTE < 12 * 60 * MINUTE) {
      shift += 20 * MINUTE;
      later(shift);
      expect((await client.get('/api/me')).status, `${shift / MINUTE} min`).toBe(200);
    }
    later(12 * 60 * MINUTE + MINUTE);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});
