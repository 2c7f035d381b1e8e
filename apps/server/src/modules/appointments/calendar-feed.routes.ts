/** Private calendar subscriptions (ADR 0028): make, read the state of, revoke; and the feed itself. */
import { z } from '@hono/zod-openapi';
import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  createCalendarFeedSchema,
} from '@painlab/shared/appointments';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

const WHO =
  'Staff: the appointments they hold as specialist; a patient: those of their own record. Researchers hold no appointments permission.';

export const feedStatusRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/feed',
  access: access.can('appointments', 'view'),
  operationId: 'getCalendarFeed',
  tags: ['appointments'],
  summary: 'Whether the signed-in user has a calendar subscription URL',
  description: `The URL itself is shown only when it is made (only its hash is kept). ${WHO}`,
  responses: { 200: jsonResponse('Subscription state', calendarFeedSchema) },
});

export const createFeedRoute = defineRoute({
  method: 'post',
  path: '/api/calendar/feed',
  access: access.can('appointments', 'view'),
  operationId: 'createCalendarFeed',
  tags: ['appointments'],
  summary: 'Make a new secret subscription URL (the previous one stops working)',
  description: `The events are written in the request's language. ${WHO}`,
  request: jsonBody(createCalendarFeedSchema),
  responses: { 201: jsonResponse('The new URL, shown once', calendarFeedCreatedSchema) },
});

export const revokeFeedRoute = defineRoute({
  method: 'delete',
  path: '/api/calendar/feed',
  access: access.can('appointments', 'view'),
  operationId: 'revokeCalendarFeed',
  tags: ['appointments'],
  summary: 'Revoke the subscription URL',
  responses: { 204: { description: 'Revoked' } },
});

export const feedRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/{file}',
  access: access.public,
  operationId: 'readCalendarFeed',
  tags: ['appointments'],
  summary: 'The subscription feed a calendar app polls (`<secret>.ics`)',
  description:
    "Public: the secret in the path is the credential. From a month back to a year ahead, cancelled visits marked cancelled. Staff events carry the type and the patient's initials; a patient's the type and the clinic; nothing else. Every read is audited with each patient it shows. An unknown, replaced or revoked secret is 404. At most RATE_LIMIT_LINKS_MAX reads per address a window (120 a minute by default), counted before the secret is looked at.",
  request: { params: z.strictObject({ file: z.string().max(100) }) },
  errors: {
    429: 'Too many feed requests from this address (`rate_limited`, RATE_LIMIT_LINKS_MAX a window)',
  },
  responses: {
    200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
  },
});
