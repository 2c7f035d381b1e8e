import { mfaPolicySchema, updateMfaPolicySchema } from '@painlab/shared/mfa';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

export const getMfaPolicyRoute = defineRoute({
  method: 'get',
  path: '/api/mfa/policy',
  access: access.can('users', 'view'),
  operationId: 'getMfaPolicy',
  tags: ['auth'],
  summary: 'Which roles must use a second factor',
  description:
    'Per role: whether its sessions must be aal2 (a second factor verified) for any data route once the user has enrolled a factor. Default: admin, specialist and researcher (ADR 0025).',
  responses: { 200: jsonResponse('The policy, every role', mfaPolicySchema) },
});

export const setMfaPolicyRoute = defineRoute({
  method: 'put',
  path: '/api/mfa/policy',
  access: access.can('users', 'edit'),
  operationId: 'setMfaPolicy',
  tags: ['auth'],
  summary: 'Require (or stop requiring) a second factor for a role',
  description:
    'Sets one role. Applies at once on this server and within 5 s on other instances. Audited.',
  request: jsonBody(updateMfaPolicySchema),
  responses: { 200: jsonResponse('The policy, every role', mfaPolicySchema) },
});
