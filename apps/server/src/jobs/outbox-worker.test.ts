/**
 * The outbox worker against a real SMTP server on loopback: a message queued in a transaction
 * that rolls back is never queued; one queued is delivered once; a refused one is retried with a
 * growing backoff and then dead, with its error; a message left 'sending' by a crashed worker is
 * taken again once its lease runs out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { startSmtpSink, waitForMail, type SmtpSink } from '../test/smtp-sink';
import { enqueue } from './outbox';
import { backoffMs } from './outbox-worker';
import { markSent } from './outbox.repository';

let smtp: SmtpSink;
let server: TestServer;
const LEASE_MS = 1500;

beforeAll(async () => {
  smtp = await startSmtpSink({
    reject: (address) => address.startsWith('refused'),
    delayMs: (address) => (address.startsWith('slow') ? 400 : 0),
  });
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Pain Lab <clinic@painlab.test>',
    OUTBOX_POLL_MS: '50',
    OUTBOX_MAX_ATTEMPTS: '3',
    OUTBOX_BACKOFF_BASE_MS: '300',
    OUTBOX_BACKOFF_MAX_MS: '2000',
    OUTBOX_LEASE_MS: String(LEASE_MS),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const invite = (to: string, extra: { dedupeKey?: string; language?: 'es' | 'en' | null } = {}) => ({
  channel: 'email' as const,
  to,
  language: extra.language === undefined ? ('en' as const) : extra.language,
  template: 'patient.invite' as const,
  params: { clinic: 'Pain Lab', link: `https://clinic.example/register?invite=${to}`, days: 7 },
  ...(extra.dedupeKey ? { dedupeKey: extra.dedupeKey } : {}),
});

type Row = {
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  updated_at: Date;
};
const rowsFor = (to: string) =>
  server.sql<Row>(
    'select status, attempts, last_error, next_attempt_at, updated_at from outbox_message where recipient = $1',
    [to],
  );

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('queueing', () => {
  it('a message queued in a transaction that rolls back is not queued', async () => {
    const db = server.deps.database.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, invite('rolled.back@example.test'));
        expect(
          await tx.execute(
            sql`select 1 from outbox_message where recipient = 'rolled.back@example.test'`,
          ),
        ).toMatchObject({ rowCount: 1 });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await rowsFor('rolled.back@example.test')).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes('rolled.back@example.test'))).toEqual([]);
  });

  it('a dedupe key queues one message however often it is used', async () => {
    const db = server.deps.database.db;
    const first = await enqueue(db, invite('dedupe@example.test', { dedupeKey: 'test:dedupe:1' }));
    const second = await enqueue(db, invite('dedupe@example.test', { dedupeKey: 'test:dedupe:1' }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await waitForMail(smtp, 'dedupe@example.test');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes('dedupe@example.test'))).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('goes to the SMTP server once, as text and HTML, in the recipient language, and is marked sent', async () => {
    await server.deps.database.db.transaction((tx) =>
      enqueue(tx, invite('delivered@example.test', { language: 'es' })),
    );
    const [mail] = await waitForMail(smtp, 'delivered@example.test');
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toMatch(/^Subject: /m);
    expect(raw).toContain('Pain Lab le invita a su');
    expect(raw).not.toContain('Create your account'); // Spanish only
    const [row] = await until(
      () => rowsFor('delivered@example.test'),
      (r) => r[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // the mail carried the working link; the stored copy no longer does
    expect(raw).toMatch(/register\?invite=(3D)?delivered@example\.test/); // quoted-printable '='
    const [stored] = await server.sql<{ text: string; html: string }>(
      "select text, html from outbox_message where recipient = 'delivered@example.test'",
    );
    expect(stored!.text).toContain('register?invite=[…]');
    expect(stored!.text).not.toContain('invite=delivered');
    expect(stored!.html).not.toContain('invite=delivered');
    const [kept] = await server.sql<{ params: unknown; attachments: unknown }>(
      "select params, attachments from outbox_message where recipient = 'delivered@example.test'",
    );
    expect(kept).toEqual({ params: {}, attachments: null });
  });

  it('a token in a link fragment is removed from the stored copy once sent, too', async () => {
    const token = 'Ab9_-'.repeat(8) + 'xyz';
    await enqueue(server.deps.database.db, {
      channel: 'email',
      to: 'fragment@example.test',
      language: 'en',
      template: 'users.staff_invite',
      params: {
        clinic: 'Pain Lab',
        link: `https://clinic.example/invitation#${token}`,
        days: 7,
        role: { es: 'Especialista', en: 'Specialist' },
      },
    });
    server.deps.outbox.wake();
    const [mail] = await waitForMail(smtp, 'fragment@example.test');
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(token);
    await until(
      () => rowsFor('fragment@example.test'),
      (r) => r[0]?.status === 'sent',
    );
    const [stored] = await server.sql<{ text: string; html: string }>(
      "select text, html from outbox_message where recipient = 'fragment@example.test'",
    );
    expect(stored!.text).toContain('/invitation#[…]');
    expect(stored!.text + stored!.html).not.toContain(token);
  });

  it('sends the attachments kept in the row (a calendar file) as parts of the e-mail', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n';
    await enqueue(server.deps.database.db, {
      ...invite('attached@example.test', { language: 'en' }),
      attachments: [
        { filename: 'taller.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    });
    const [mail] = await waitForMail(smtp, 'attached@example.test');
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8;?\s+name=taller\.ics/);
    expect(raw).toContain('Content-Disposition: attachment; filename=taller.ics');
    // the attachment's part, decoded from base64, is the file
    const part = /filename=taller\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(mail!.raw);
    expect(Buffer.from(part![1]!.replace(/\r?\n/g, ''), 'base64').toString('utf8')).toBe(ics);
  });

  it('a refused message is retried with a growing backoff, then dead with its error', async () => {
    await enqueue(server.deps.database.db, invite('refused@example.test'));
    const seen: Row[] = [];
    const [dead] = await until(
      async () => {
        const rows = await rowsFor('refused@example.test');
        const row = rows[0];
        if (row && row.status === 'failed' && !seen.some((s) => s.attempts === row.attempts))
          seen.push(row);
        return rows;
      },
      (r) => r[0]?.status === 'dead',
    );
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead!.last_error).toMatch(/550|Mailbox unavailable/);
    // failed after attempts 1 and 2; each wait between half and all of 300 × 2^(n−1) ms
    expect(seen.map((s) => s.attempts)).toEqual([1, 2]);
    const waits = seen.map((s) => s.next_attempt_at.getTime() - s.updated_at.getTime());
    expect(waits[0]).toBeGreaterThanOrEqual(150 - 5);
    expect(waits[0]).toBeLessThanOrEqual(300 + 5);
    expect(waits[1]).toBeGreaterThanOrEqual(300 - 5);
    expect(waits[1]).toBeLessThanOrEqual(600 + 5);
    // a dead message is not attempted again by itself
    await new Promise((r) => setTimeout(r, 800));
    expect((await rowsFor('refused@example.test'))[0]).toMatchObject({
      status: 'dead',
      attempts: 3,
    });
  });

  it('backoff doubles per failure, is capped, and is jittered between half and all of it', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(backoffMs(20, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffMs(20, 1000, 60_000, () => 0)).toBe(30_000);
  });
});

describe('a worker that dies mid-delivery', () => {
  it('leaves the message sending until its lease runs out; then it is delivered, and the dead worker’s late result is ignored', async () => {
    const db = server.deps.database.db;
    // The row as a worker leaves it when it is killed (kill -9) after taking the message and before
    // recording the result: 'sending', one attempt, its claim token, a lease running. Written in the
    // queueing transaction, so the live worker never sees it queued.
    const crashedToken = '11111111-2222-4333-8444-555555555555';
    const { id } = await db.transaction(async (tx) => {
      const queued = await enqueue(tx, invite('crashed@example.test'));
      await tx.execute(sql`update outbox_message set status = 'sending', attempts = 1,
        claim_token = ${crashedToken}, lease_until = now() + ${LEASE_MS} * interval '1 millisecond'
        where id = ${queued.id}`);
      return queued;
    });
    const [taken] = await rowsFor('crashed@example.test');
    expect(taken).toMatchObject({ status: 'sending', attempts: 1 });
    // within the lease nobody else delivers it
    await new Promise((r) => setTimeout(r, LEASE_MS / 2));
    expect(smtp.received.filter((m) => m.to.includes('crashed@example.test'))).toHaveLength(0);
    // after it, the live worker takes it again
    await waitForMail(smtp, 'crashed@example.test');
    const [row] = await until(
      () => rowsFor('crashed@example.test'),
      (r) => r[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await markSent(db, id, crashedToken)).toBe(false);
    expect(smtp.received.filter((m) => m.to.includes('crashed@example.test'))).toHaveLength(1);
  });
});

describe('a slow relay', () => {
  it('a round claims no more messages than it delivers at once, so none waits out its lease in the worker', async () => {
    // With a batch larger than the deliveries in flight, the last messages of a round would sit
    // 'sending' while the first ones went out, and another instance could take and send them again
    // when their lease ran out. Each message here takes 400 ms to be accepted; whether it then
    // counts as sent or timed out on this (possibly loaded) machine does not matter: what is
    // checked is how many are held at once.
    const recipients = Array.from({ length: 12 }, (_, i) => `slow-${i}@example.com`);
    await server.deps.database.db.transaction(async (tx) => {
      for (const to of recipients) await enqueue(tx, invite(to));
    });
    let mostSending = 0;
    const stopAt = Date.now() + 3_000;
    while (Date.now() < stopAt) {
      const [row] = await server.sql<{ sending: number }>(
        `select count(*)::int as sending from outbox_message
          where recipient like 'slow-%' and status = 'sending'`,
      );
      mostSending = Math.max(mostSending, row!.sending);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(mostSending).toBeGreaterThan(0);
    expect(mostSending).toBeLessThanOrEqual(5); // OUTBOX_BATCH's default
  });
});
