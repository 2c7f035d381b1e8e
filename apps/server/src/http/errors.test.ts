import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { withoutParams } from './errors';

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
