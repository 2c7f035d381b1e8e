/**
 * Outgoing e-mail over SMTP (nodemailer) when SMTP_URL is set; without it there is no mailer. Only
 * the outbox worker sends (jobs/providers.ts): nothing else calls this.
 */
import nodemailer from 'nodemailer';
import type { OutboxAttachment } from '@painlab/shared/outbox';
import type { Env } from '../env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent with the message (text content, e.g. a calendar invitation). */
  attachments?: OutboxAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP timeouts; the outbox lease (OUTBOX_LEASE_MS) is kept above them. */
export const SMTP_TIMEOUT_MS = 30_000;

export function createMailer(env: Env): Mailer | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    pool: true,
    maxConnections: 5, // OUTBOX_BATCH's default: a round's messages go out at once
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    send: async ({ html, ...mail }) => {
      await transport.sendMail({ from: env.MAIL_FROM, ...mail, ...(html ? { html } : {}) });
    },
    close: () => transport.close(),
  };
}
