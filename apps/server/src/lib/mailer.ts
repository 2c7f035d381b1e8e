/** Outgoing e-mail over SMTP (nodemailer) when SMTP_URL is set; without it there is no mailer. */
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(env: Env): Mailer | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport(env.SMTP_URL, { from: env.MAIL_FROM });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: env.MAIL_FROM, ...mail });
    },
    close: () => transport.close(),
  };
}
