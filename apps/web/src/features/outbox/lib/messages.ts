import type { OutboxMessageSummary, OutboxProviders } from '@painlab/shared/outbox';

/** Whether an administrator may send `message` again (not while it is being sent, not once sent). */
export const canRetry = (message: Pick<OutboxMessageSummary, 'status'>) =>
  message.status !== 'sent' && message.status !== 'sending';

/** A queued message whose channel has no provider on this server: it waits here to be read. */
export const waitsForProvider = (
  message: Pick<OutboxMessageSummary, 'status' | 'channel'>,
  providers: OutboxProviders | undefined,
) => message.status === 'queued' && providers !== undefined && !providers[message.channel];

/** The key of a template's name in the `outbox` texts (`templates.<id with _ for .>`). */
export const templateKey = (template: string) =>
  `templates.${template.replace(/[^a-z0-9]+/gi, '_')}` as 'templates.patient_invite';
