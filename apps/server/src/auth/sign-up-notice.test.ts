/**
 * Issue 7 item 10: a sign-up with a taken e-mail gets the same answer as a new one; the owner of the
 * address is told by e-mail through the outbox (delivered with SMTP set, waiting in the outbox
 * without), and an event without the address is logged.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from '../test/harness';
import { startSmtpSink, waitForMail, type SmtpSink } from '../test/smtp-sink';

const logLines: string[] = [];
let smtp: SmtpSink;
let withMail: TestServer;
let withoutMail: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  withMail = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Pain Lab <clinic@painlab.test>',
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  withoutMail = await startTestServer({}, pino({ level: 'info' }, sink));
}, 240_000);
afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await smtp?.close();
});

const attempt = (server: TestServer, email: string) =>
  server.client().post('/api/auth/sign-up/email', {
    name: 'Someone Else',
    email,
    password: 'a-long-enough-password',
  });

describe('sign-up with a taken e-mail', () => {
  it('answers like a new e-mail and mails the owner a notice', async () => {
    const taken = await attempt(withMail, DEMO.researcher);
    const fresh = await attempt(withMail, 'brand-new@example.test');
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.token).toBeNull();
    // the user in the answer: the same fields with the same values, but for what the request chose
    // and what is made anew (an outside probe told them apart by `role: null`)
    const shape = ({ id: _i, email: _e, createdAt: _c, updatedAt: _u, ...rest }: any) => {
      void [_i, _e, _c, _u];
      return rest;
    };
    expect(shape(taken.body.user)).toEqual(shape(fresh.body.user));
    const notices = await waitForMail(smtp, DEMO.researcher);
    expect(notices[0]!.raw).toMatch(/already has one/);
    expect(notices[0]!.raw).toMatch(/ya tiene una/);
    // a second attempt within the hour adds no second notice (the outbox's dedupe key)
    await attempt(withMail, DEMO.researcher);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes(DEMO.researcher))).toHaveLength(1);
    // the new address gets the link that confirms it (ADR 0042), never the taken-address notice
    const fresher = smtp.received.filter((m) => m.to.includes('brand-new@example.test'));
    for (const m of fresher) expect(m.raw).not.toMatch(/already has one/);
  });

  it('without SMTP the notice waits in the outbox, and the event logged does not carry the address', async () => {
    const res = await attempt(withoutMail, DEMO.researcher);
    expect(res.status).toBe(200);
    const events = logLines.filter((l) => l.includes('auth.sign_up_existing_email'));
    expect(events).toHaveLength(1);
    expect(logLines.join('')).not.toContain(DEMO.researcher);
    const queued = await withoutMail.sql<{ status: string; subject: string }>(
      "select status, subject from outbox_message where template = 'auth.sign_up_existing_email' and recipient = $1 and dedupe_key not like 'demo:%'",
      [DEMO.researcher],
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).toBe('queued');
  });
});
