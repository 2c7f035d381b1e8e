/** What a message template is (templates.ts registers them). */
import type { MessageLanguage, OutboxChannel } from '@painlab/shared/outbox';

/** One language's version of a message. */
export interface Version {
  /** E-mail only; the clinic name is put in front of it. */
  subject?: string;
  text: string;
}

export interface MessageTemplate<P> {
  /** The channels this message can go through. */
  channels: readonly OutboxChannel[];
  /** The clinic's name (the subject's prefix) from the parameters. */
  clinic(params: P): string;
  render(language: MessageLanguage, channel: OutboxChannel, params: P): Version;
}
