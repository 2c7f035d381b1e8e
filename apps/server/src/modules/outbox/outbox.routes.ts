import {
  outboxIdParamSchema,
  outboxListQuerySchema,
  outboxListSchema,
  outboxMessageResponseSchema,
  outboxRetryInputSchema,
} from '@painlab/shared/outbox';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

// Messages may hold sign-in codes and links: reading them is the power to take over an account,
// so the outbox is for those who administer accounts (users:edit, administrators only; ADR 0013).
const adminOnly = access.can('users', 'edit');

export const listOutboxRoute = defineRoute({
  method: 'get',
  path: '/api/admin/outbox',
  access: adminOnly,
  operationId: 'listOutboxMessages',
  tags: ['outbox'],
  summary: 'Outgoing e-mail and SMS messages, newest first (keyset pagination)',
  description:
    'Filter by `status` and `channel`; pass `nextCursor` back as `cursor` for the next page. `providers` says which channels this server can deliver: without one, messages wait here. Audited.',
  request: { query: outboxListQuerySchema },
  responses: { 200: jsonResponse('A page of messages', outboxListSchema) },
});

export const getOutboxMessageRoute = defineRoute({
  method: 'get',
  path: '/api/admin/outbox/{id}',
  access: adminOnly,
  operationId: 'getOutboxMessage',
  tags: ['outbox'],
  summary: 'One message with its text (it may hold codes and links)',
  description: 'The message as it is (or was) sent. Audited, with the patient it is about.',
  request: { params: outboxIdParamSchema },
  errors: { 404: 'No such message' },
  responses: { 200: jsonResponse('The message', outboxMessageResponseSchema) },
});

export const retryOutboxMessageRoute = defineRoute({
  method: 'post',
  path: '/api/admin/outbox/{id}/retry',
  access: adminOnly,
  operationId: 'retryOutboxMessage',
  tags: ['outbox'],
  summary: 'Send a queued, failed or dead message again now',
  description:
    'The message is due at once with a full set of attempts. A message being sent or already sent is a 409. Audited.',
  request: { params: outboxIdParamSchema, ...jsonBody(outboxRetryInputSchema) },
  errors: { 404: 'No such message', 409: 'The message is being sent or was sent' },
  responses: { 200: jsonResponse('The message, queued again', outboxMessageResponseSchema) },
});
