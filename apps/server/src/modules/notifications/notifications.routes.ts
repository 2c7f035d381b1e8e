import { z } from '@hono/zod-openapi';
import { notificationPreferencesSchema } from '@painlab/shared/dashboard';
import { notificationListQuerySchema, notificationListSchema } from '@painlab/shared/messages';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });

export const listNotificationsRoute = defineRoute({
  method: 'get',
  path: '/api/notifications',
  access: access.authenticated,
  operationId: 'listNotifications',
  tags: ['notifications'],
  summary: "The caller's notifications, newest first",
  description:
    'Each says what happened and links to it, never its content. Keyset pages; `unread=true` for the unread ones only.',
  request: { query: notificationListQuerySchema },
  responses: { 200: jsonResponse('A page', notificationListSchema) },
});

export const markNotificationReadRoute = defineRoute({
  method: 'post',
  path: '/api/notifications/{id}/read',
  access: access.authenticated,
  operationId: 'markNotificationRead',
  tags: ['notifications'],
  summary: 'Mark one of the caller’s notifications read',
  description: 'Someone else’s notification answers 404. Reading one already read changes nothing.',
  request: { params: idParam },
  errors: { 404: 'No such notification of the caller' },
  responses: { 204: { description: 'Read' } },
});

export const markAllNotificationsReadRoute = defineRoute({
  method: 'post',
  path: '/api/notifications/read-all',
  access: access.authenticated,
  operationId: 'markAllNotificationsRead',
  tags: ['notifications'],
  summary: 'Mark all the caller’s notifications read',
  responses: { 204: { description: 'Read' } },
});

export const eventsRoute = defineRoute({
  method: 'get',
  path: '/api/events',
  access: access.authenticated,
  operationId: 'streamEvents',
  tags: ['notifications'],
  summary: 'The caller’s realtime events (server-sent events)',
  description:
    'A `text/event-stream` of `message.created`, `message.read`, `notification.created`, `notification.read`, `task.changed` and `appointment.changed` events for the caller, whichever server instance caused them (`task.changed`: a task the caller may see was created, edited, moved or commented; `appointment.changed`: a waitlist offer to the caller, or for their time as specialist, was made, taken, declined, withdrawn or lapsed). Each `data` is JSON with ids only (`threadId`, `messageId`, `notificationId`, `taskId`, `offerId`), never content: read the thing through its operation. Each event has an `id`; a client reconnecting with `Last-Event-ID` first gets what it missed (events are kept a day). The stream ends after 5 minutes (or at the session’s expiry) and the client reconnects, so a revoked session stops receiving. A comment line every 15 s keeps proxies from closing it.',
  request: {
    headers: z.object({
      'last-event-id': z
        .string()
        .max(30)
        .optional()
        .openapi({ description: 'Resume after this id' }),
    }),
  },
  responses: {
    200: {
      description: 'The event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
});

export const getPreferencesRoute = defineRoute({
  method: 'get',
  path: '/api/notifications/preferences',
  access: access.authenticated,
  operationId: 'getNotificationPreferences',
  tags: ['notifications'],
  summary: 'The caller’s notification channels per type',
  description:
    'For each type (message, task, appointment, questionnaire): in-app, e-mail, SMS. Never chosen: everything allowed; a notice outside the app goes by e-mail when there is an address, by SMS only when there is none.',
  responses: { 200: jsonResponse('Preferences', notificationPreferencesSchema) },
});

export const putPreferencesRoute = defineRoute({
  method: 'put',
  path: '/api/notifications/preferences',
  access: access.authenticated,
  operationId: 'putNotificationPreferences',
  tags: ['notifications'],
  summary: 'Replace the caller’s notification channels per type',
  description: 'Every type and channel, strictly (an unknown one is a 400).',
  request: jsonBody(notificationPreferencesSchema),
  responses: { 200: jsonResponse('Saved', notificationPreferencesSchema) },
});
