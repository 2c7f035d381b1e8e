/**
 * Delivery providers, one per channel. E-mail goes through SMTP (lib/mailer.ts) when SMTP_URL is
 * set. SMS has an interface and no provider: none ships enabled. A channel without a provider is
 * not polled: its messages stay queued, and administrators read them at /admin/outbox (so every
 * code and link flow works on a fresh `npm start`).
 */
import type { OutboxChannel } from '@painlab/shared/outbox';
import type { Mailer } from '../lib/mailer';
import type { ClaimedMessage } from './outbox.repository';

export interface DeliveryProvider {
  /** Resolves once the provider accepted the message; throws (with a readable message) otherwise. */
  deliver(message: ClaimedMessage): Promise<void>;
  close?(): void;
}

/** An SMS gateway: sends `text` to `to` (a phone number). Implement this to enable SMS. */
export interface SmsGateway {
  sendSms(to: string, text: string): Promise<void>;
  close?(): void;
}

export type Providers = Partial<Record<OutboxChannel, DeliveryProvider>>;

export function emailProvider(mailer: Mailer): DeliveryProvider {
  return {
    deliver: (m) =>
      mailer.send({
        to: m.recipient,
        subject: m.subject ?? '',
        text: m.text,
        html: m.html,
        ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      }),
    close: () => mailer.close(),
  };
}

export function smsProvider(gateway: SmsGateway): DeliveryProvider {
  return {
    deliver: (m) => gateway.sendSms(m.recipient, m.text),
    close: () => gateway.close?.(),
  };
}

/** The providers this server has: e-mail when SMTP is configured; SMS only when one is passed in. */
export function createProviders(mailer: Mailer | null, sms?: SmsGateway): Providers {
  return {
    ...(mailer ? { email: emailProvider(mailer) } : {}),
    ...(sms ? { sms: smsProvider(sms) } : {}),
  };
}
