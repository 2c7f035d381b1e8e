/**
 * Reminders with real server processes on one PostgreSQL (ADR 0021). A first process starts queueing
 * 300 due reminders and is killed (kill -9) in the middle of its batch; two more processes then
 * finish the batch between them. Every appointment gets exactly one reminder row and one outbox
 * message, the SMTP server receives exactly one e-mail per appointment, and appointments cancelled
 * while the first process was down get none (or have theirs withdrawn). PostgreSQL only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../../test/harness';
import { launchServer, sharedPostgres, stopAll, waitHealthy } from '../../test/server-process';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

const COUNT = 300;
let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
const dirs: string[] = [];
let smtp: SmtpSink;
let blackHole: SmtpSink;
let url = '';

function launch(extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-reminders-'));
  dirs.push(dataDir);
  return launchServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    OUTBOX_POLL_MS: '100',
    REMINDER_POLL_MS: '100',
    ...extra,
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(dbKind !== 'postgres')('reminders across server instances', () => {
  beforeAll(async () => {
    smtp = await startSmtpSink();
    blackHole = await startSmtpSink({ hang: true });
    shared = await sharedPostgres('painlab_t_rem');
    url = shared.url;
  }, 120_000);

  afterAll(async () => {
    stopAll();
    await smtp?.close();
    void blackHole?.close();
    await shared?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('each due reminder is queued and delivered exactly once, also after a kill -9 mid-batch', async () => {
    const db = new pg.Pool({ connectionString: url, max: 2 });
    try {
      // one specialist, 300 patients, one visit each, 20 h ahead (the 24 h reminder is due)
      await db.query(
        `insert into "user" (id, name, email, role, email_verified) values ('rem-doc', 'Dra. Instancias', 'doc@instances.test', 'specialist', true)`,
      );
      await db.query(
        `insert into patient (name, name_search, birth_date, gender, category, priority, status, email)
         select 'Paciente ' || i, 'paciente ' || i, '1980-01-01', 'female', 'chronic_pain', 'medium', 'new',
                'reminder-' || i || '@instances.test'
         from generate_series(1, ${COUNT}) i`,
      );
      await db.query(
        `insert into appointment (patient_id, specialist_id, type_id, starts_at, ends_at, blocked_until, modality, status)
         select p.id, 'rem-doc', 'follow_up',
                date_trunc('minute', now()) + interval '20 hours' + (row_number() over (order by p.name)) * interval '1 hour',
                date_trunc('minute', now()) + interval '20 hours' + (row_number() over (order by p.name)) * interval '1 hour' + interval '30 minutes',
                date_trunc('minute', now()) + interval '20 hours' + (row_number() over (order by p.name)) * interval '1 hour' + interval '30 minutes',
                'in_person', 'confirmed'
         from patient p`,
      );
      // 20 + i hours ahead: the clinic reminds two weeks before, so every one is due now
      await db.query(`update appointment_settings set reminder_hours = '{336}'`);
      const reminderCount = async () =>
        Number(
          (await db.query<{ n: string }>('select count(*) as n from appointment_reminder')).rows[0]!
            .n,
        );

      // the first process queues part of the batch (its mail server never answers) and dies
      const doomed = await launch({ SMTP_URL: blackHole.url, OUTBOX_LEASE_MS: '3000' });
      await waitHealthy(doomed);
      const deadline = Date.now() + 60_000;
      while ((await reminderCount()) < 20 && Date.now() < deadline) await wait(5);
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      const queuedByFirst = await reminderCount();
      expect(queuedByFirst).toBeGreaterThanOrEqual(20);
      expect(queuedByFirst).toBeLessThan(COUNT);

      // while no process runs: one visit with a queued reminder and one without are cancelled
      const withReminder = (
        await db.query<{ id: string; outbox_message_id: string }>(
          'select appointment_id as id, outbox_message_id from appointment_reminder limit 1',
        )
      ).rows[0]!;
      const withoutReminder = (
        await db.query<{ id: string }>(
          `select a.id from appointment a where not exists (select 1 from appointment_reminder r where r.appointment_id = a.id) order by a.starts_at desc limit 1`,
        )
      ).rows[0]!;
      // cancelled as the API does it (withdrawUnsent): the status, and its message unless sent — this
      // one is held by the dead process ('sending'), which no other process may now deliver
      for (const id of [withReminder.id, withoutReminder.id])
        await db.query(
          `update appointment set status = 'cancelled', cancel_reason = 'test', cancelled_at = now() where id = $1`,
          [id],
        );
      await db.query(`delete from outbox_message where id = $1 and status <> 'sent'`, [
        withReminder.outbox_message_id,
      ]);

      const [a, b] = [await launch(), await launch()];
      await Promise.all([waitHealthy(a), waitHealthy(b)]);
      const expected = COUNT - 2;
      const done = Date.now() + 120_000;
      while (smtp.received.length < expected && Date.now() < done) await wait(100);
      await wait(1500); // time for a duplicate to show up, if there were one

      const recipients = smtp.received.flatMap((m) => m.to);
      expect(recipients).toHaveLength(expected);
      expect(new Set(recipients).size).toBe(expected);
      const rows = await db.query<{ appointment_id: string; n: string }>(
        'select appointment_id, count(*) as n from appointment_reminder group by 1 having count(*) > 1',
      );
      expect(rows.rows).toEqual([]);
      expect(await reminderCount()).toBe(COUNT - 1); // the cancelled one without a reminder has none
      const none = await db.query('select 1 from appointment_reminder where appointment_id = $1', [
        withoutReminder.id,
      ]);
      expect(none.rows).toEqual([]);
      const messages = await db.query<{ n: string }>(
        "select count(*) as n from outbox_message where template = 'appointment.reminder' and status = 'sent'",
      );
      expect(Number(messages.rows[0]!.n)).toBe(expected);
      const cancelledRecipients = await db.query<{ email: string }>(
        'select p.email from appointment a join patient p on p.id = a.patient_id where a.id = any($1)',
        [[withReminder.id, withoutReminder.id]],
      );
      for (const r of cancelledRecipients.rows) expect(recipients).not.toContain(r.email);

      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await db.end();
    }
  }, 300_000);
});
