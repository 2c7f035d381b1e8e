import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import pg from 'pg';
import { isDatabaseUnavailable, withoutParams } from './errors';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('logged errors carry no patient data', () => {
  it("a failed query's values (a searched name) are cut from its message and stack", async () => {
    const failure: Error = await server.deps.database.db
      .execute(sql`select ${'Ana García Núñez'}::int`)
      .then(() => new Error('the query should have failed'))
      .catch((error: Error) => error);
    // the real driver's message holds the value: the redaction must remove it
    expect(`${failure.message}\n${failure.stack}`).toContain('Ana García Núñez');
    const logged = `${withoutParams(failure.message)}\n${withoutParams(failure.stack)}`;
    expect(logged).not.toContain('Ana García');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('Failed query');
  });
});

describe('an unreachable database is a 503, not a 500', () => {
  it("the real driver's refused connection is recognised; a bad query is not", async () => {
    const refused = await new pg.Client({
      host: '127.0.0.1',
      port: 1,
      connectionTimeoutMillis: 2000,
    })
      .connect()
      .then(() => new Error('should not connect'))
      .catch((error: Error) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const badQuery = await server.deps.database.db
      .execute(sql`select * from no_such_table`)
      .then(() => new Error('should fail'))
      .catch((error: Error) => error);
    expect(isDatabaseUnavailable(badQuery)).toBe(false);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ),
    ).toBe(true);
  });
});
