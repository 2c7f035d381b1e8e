/** The audit log is append-only and hash-chained; concurrent appends keep one chain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from './audit';
import { DEMO, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  // sealing only when verifying, so the tests see rows before and after it
  server = await startTestServer({ AUDIT_SEAL_INTERVAL_MS: '3600000' });
});
afterAll(() => server?.close());

describe('audit log', () => {
  it('records the demo seed and verifies', async () => {
    const admin = await server.signIn(DEMO.admin);
    const res = await admin.get('/api/audit-logs/verify');
    expect(res.body).toMatchObject({ valid: true, firstBrokenId: null });
    expect(res.body.checked).toBeGreaterThanOrEqual(5);
  });

  it('keeps one valid chain under 40 concurrent appends', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recordAudit(server.deps.database.db, {
          action: 'test.concurrent',
          outcome: 'success',
          details: { i },
        }),
      ),
    );
    const admin = await server.signIn(DEMO.admin);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);
    const forks = await server.sql<{ n: string }>(
      'select count(*)::text as n from (select prev_hash from audit_log group by prev_hash having count(*) > 1) f',
    );
    expect(forks[0]!.n).toBe('0');
  });

  it.each([
    ['update', "update audit_log set outcome = 'success' where id = 1"],
    ['delete', 'delete from audit_log where id = 1'],
    ['truncate', 'truncate audit_log'],
  ])('rejects %s at the database', async (_label, statement) => {
    await expect(server.sql(statement)).rejects.toThrow(/append-only/);
  });

  it('new rows wait unsealed until the sealer chains them; sealing cannot change a row', async () => {
    await recordAudit(server.deps.database.db, { action: 'test.unsealed', outcome: 'success' });
    const [row] = await server.sql<{ id: string; seq: string | null }>(
      "select id::text, seq::text from audit_log where action = 'test.unsealed'",
    );
    expect(row!.seq).toBeNull();
    await expect(
      server.sql(
        "update audit_log set action = 'forged', seq = 999999, prev_hash = 'x', hash = 'y' where id = $1",
        [row!.id],
      ),
    ).rejects.toThrow(/append-only/);
    const admin = await server.signIn(DEMO.admin);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);
    const [sealed] = await server.sql<{ seq: string | null }>(
      "select seq::text from audit_log where action = 'test.unsealed'",
    );
    expect(sealed!.seq).not.toBeNull();
    await expect(
      server.sql("update audit_log set hash = 'rewritten' where action = 'test.unsealed'"),
    ).rejects.toThrow(/append-only/);
  });

  it('detects a row changed behind the trigger', async () => {
    await server.sql('alter table audit_log disable trigger audit_log_no_update_delete');
    await server.sql("update audit_log set action = 'tampered' where id = 3");
    await server.sql('alter table audit_log enable trigger audit_log_no_update_delete');
    const admin = await server.signIn(DEMO.admin);
    expect((await admin.get('/api/audit-logs/verify')).body).toMatchObject({
      valid: false,
      firstBrokenId: 3,
    });
  });

  it('lists newest first with filters, and viewing is itself audited', async () => {
    const admin = await server.signIn(DEMO.admin);
    const page = await admin.get('/api/audit-logs?limit=5&outcome=success');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(5);
    expect(page.body.items[0].id).toBeGreaterThan(page.body.items[4].id);
    const next = await admin.get(`/api/audit-logs?limit=5&before=${page.body.nextCursor}`);
    expect(next.body.items[0].id).toBeLessThan(page.body.items[4].id);
    const viewed = await admin.get('/api/audit-logs?limit=1&action=audit_logs.view');
    expect(viewed.body.items[0]).toMatchObject({ action: 'audit_logs.view', actorRole: 'admin' });
    expect((await admin.get('/api/audit-logs?outcome=maybe')).status).toBe(400);
  });

  it('holds no credentials or e-mail addresses', async () => {
    const rows = await server.sql<{ row: string }>(
      'select row_to_json(a)::text as row from audit_log a',
    );
    const text = rows.map((r) => r.row).join('\n');
    expect(text).not.toMatch(/@demo\.painlab\.test|painlab-demo-2026|session_token/);
  });
});
