import {
  accountSessionIdParamSchema,
  accountSessionListSchema,
  endOtherSessionsSchema,
} from '@painlab/shared/account';
import { access } from '../../http/access';
import { defineRoute, jsonResponse } from '../../http/openapi';

export const listSessionsRoute = defineRoute({
  method: 'get',
  path: '/api/account/sessions',
  access: access.authenticated,
  operationId: 'listMySessions',
  tags: ['auth'],
  summary: "The signed-in user's sessions (devices)",
  description:
    'Every unexpired session of the signed-in user, most recently used first: device (browser, system, type, from its User-Agent), address, when it began, was last used and ends. `current` marks the session of this request. Session tokens are never returned.',
  responses: { 200: jsonResponse('The sessions', accountSessionListSchema) },
});

export const endSessionRoute = defineRoute({
  method: 'delete',
  path: '/api/account/sessions/{id}',
  access: access.authenticated,
  operationId: 'endMySession',
  tags: ['auth'],
  summary: 'End one of your sessions',
  description:
    'Signs that device out at once (also on other server instances: the session cache is cleared). An id that is not one of your sessions is a 404. Audited.',
  request: { params: accountSessionIdParamSchema },
  errors: { 404: 'Not one of your sessions' },
  responses: { 204: { description: 'Ended' } },
});

export const endOtherSessionsRoute = defineRoute({
  method: 'post',
  path: '/api/account/sessions/end-others',
  access: access.authenticated,
  operationId: 'endMyOtherSessions',
  tags: ['auth'],
  summary: 'End every session but this one',
  description: 'Signs every other device out. Audited with the number of sessions ended.',
  responses: { 200: jsonResponse('How many sessions were ended', endOtherSessionsSchema) },
});
