/**
 * The session signal fails closed (ADR 0026): on PostgreSQL, while the instance's LISTEN connection
 * is down, nothing is served from the session cache, so a change it cannot hear (here: made in SQL)
 * applies on the next request; the connection comes back by itself and the cache with it. On
 * PGlite (one process) the cache is never suspended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, dbKind, startTestServer, type TestServer } from '../test/harness';
import { SESSIONS_CHANNEL } from './session-signal';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SESSION_CACHE_MS: '60000' });
});
afterAll(() => server?.close());

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('session signal', () => {
  it('listens once started', async () => {
    await until(() => server.deps.sessions.listening());
  });

  it.skipIf(dbKind !== 'postgres')(
    'while not listening the cache is off: a change made in SQL applies at once; then it listens again',
    async () => {
      const client = await server.signIn(DEMO.researcher);
      await until(() => server.deps.sessions.listening());
      expect((await client.get('/api/me')).status).toBe(200); // cached for a minute from here
      await server.sql(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = current_database()`,
        [`LISTEN ${SESSIONS_CHANNEL}`],
      );
      await until(() => !server.deps.sessions.listening());
      await server.sql(`update "user" set role = 'user' where email = $1`, [DEMO.researcher]);
      expect((await client.get('/api/me')).body.role).toBe('user');
      await server.sql(`update "user" set role = 'researcher' where email = $1`, [DEMO.researcher]);
      expect((await client.get('/api/me')).body.role).toBe('researcher');
      await until(() => server.deps.sessions.listening());
      // and the cache holds again: a change in SQL now waits for the cache time
      expect((await client.get('/api/me')).status).toBe(200);
      await server.sql(`update "user" set role = 'user' where email = $1`, [DEMO.researcher]);
      expect((await client.get('/api/me')).body.role).toBe('researcher');
      await server.sql(`update "user" set role = 'researcher' where email = $1`, [DEMO.researcher]);
    },
  );
});
