/**
 * The message outbox (e-mail and SMS) as administrators see it: every message the product sends is
 * a row written in the same transaction as its cause and delivered by a worker (apps/server/src/jobs).
 * Message bodies may hold sign-in codes, links and personal data: only administrators read them.
 */
import { z } from 'zod';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * queued: waiting for its first attempt (or for a provider to be configured); sending: taken by a
 * worker (its lease runs); sent; failed: the last attempt failed, another is due at `nextAttemptAt`;
 * dead: no more attempts (an administrator may retry it).
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The languages a message is written in; a recipient whose language is unknown gets both. */
export const MESSAGE_LANGUAGES = ['es', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A file sent with an e-mail (e.g. a workshop's calendar invitation), kept in the message's row. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

/** Which channels have a delivery provider on this server (no provider: messages wait, readable here). */
export const outboxProvidersSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type OutboxProviders = z.infer<typeof outboxProvidersSchema>;

export const outboxMessageSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  language: z.enum(MESSAGE_LANGUAGES).nullable(),
  template: z.string(),
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageSummary = z.infer<typeof outboxMessageSummarySchema>;

export const outboxMessageSchema = outboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  updatedAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListQuerySchema = z.strictObject({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  /** `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

export const outboxListSchema = z.object({
  items: z.array(outboxMessageSummarySchema),
  nextCursor: z.string().nullable(),
  providers: outboxProvidersSchema,
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxMessageResponseSchema = z.object({
  message: outboxMessageSchema,
  providers: outboxProvidersSchema,
});
export type OutboxMessageResponse = z.infer<typeof outboxMessageResponseSchema>;

export const outboxIdParamSchema = z.strictObject({ id: z.uuid() });

/** A retry takes no options: the body is `{}` (anything else is a 400). */
export const outboxRetryInputSchema = z.strictObject({});
