/** The database handle: transactions stay isolated and an SQL error never breaks the next query. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'false' });
  await server.sql('create table iso_probe (id int primary key, note text)');
});
afterAll(() => server?.close());

describe('database connection', () => {
  it('never shows a transaction its neighbour’s uncommitted or rolled-back writes', async () => {
    const { db } = server.deps.database;
    const seen: number[] = [];
    const failing = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into iso_probe values (1, 'will roll back')`);
        await new Promise((r) => setTimeout(r, 300));
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 50));
    const reader = db.transaction(async (tx) => {
      const rows = await tx.execute(sql`select count(*)::int as n from iso_probe`);
      seen.push((rows.rows[0] as { n: number }).n);
    });
    expect(await failing).toBe('rolled back');
    await reader;
    expect(seen).toEqual([0]);
  });

  it('keeps working after failing statements', async () => {
    for (const bad of [
      'select 1/0',
      "insert into iso_probe values (2, 'a'), (2, 'b')",
      'select * from no_such_table',
    ]) {
      await expect(server.sql(bad)).rejects.toThrow();
      expect(await server.sql('select 1 as ok')).toEqual([{ ok: 1 }]);
    }
  });

  it('applies every migration, including the extensions later modules need', async () => {
    const ext = await server.sql<{ extname: string }>(
      "select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by 1",
    );
    expect(ext.map((e) => e.extname)).toEqual(['pg_trgm', 'unaccent']);
    expect(await server.sql("select unaccent('Gestión') as v")).toEqual([{ v: 'Gestion' }]);
  });
});
