import { z } from '@hono/zod-openapi';
import { notificationListQuerySchema, notificationListSchema } from '@painlab/shared/messages';
import { access } from '../../http/access';
import { defineRoute, jsonResponse } from '../../http/openapi';

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
    'A `text/event-stream` of `message.created`, `message.read`, `notification.created` and `notification.read` events for the caller, whichever server instance caused them. Each `data` is JSON with ids only (`threadId`, `messageId`, `notificationId`), never content: read the thing through its operation. Each event has an `id`; a client reconnecting with `Last-Event-ID` first gets what it missed (events are kept a day). The stream ends after 5 minutes (or at the session’s expiry) and the client reconnects, so a revoked session stops receiving. A comment line every 15 s keeps proxies from closing it.',
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
