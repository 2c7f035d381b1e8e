/**
 * A real SMTP server on a free loopback port that keeps every message it receives, for tests of
 * mail sent through nodemailer (`SMTP_URL` points at it).
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './harness';

export interface SmtpSink {
  url: string;
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

/**
 * `reject`: recipients the server refuses with a permanent 550 (a real SMTP failure, for the
 * outbox's retry tests). `hang`: the server never acknowledges a message. `delayMs`: a slow relay.
 */
export async function startSmtpSink(
  options: {
    reject?: (address: string) => boolean;
    /** Never answer a message's data: its sender waits (a delivery in flight, for crash tests). */
    hang?: boolean;
    /** Milliseconds to wait before accepting a message to these recipients (a slow relay). */
    delayMs?: (address: string) => number;
  } = {},
): Promise<SmtpSink> {
  const port = await freePort();
  const received: SmtpSink['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (options.reject?.(address.address))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      if (options.hang) {
        stream.resume();
        return;
      }
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const wait = Math.max(0, ...to.map((a) => options.delayMs?.(a) ?? 0));
        setTimeout(() => {
          received.push({ to, raw });
          callback();
        }, wait);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Waits until the sink has received `count` messages for `to` (the outbox worker delivers them). */
export async function waitForMail(
  sink: SmtpSink,
  to: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<SmtpSink['received']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = sink.received.filter((m) => m.to.includes(to));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`${mails.length} of ${count} messages for ${to} arrived in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
