import { meResponseSchema } from '@painlab/shared/auth';
import { access } from '../../http/access';
import { defineRoute, jsonResponse } from '../../http/openapi';

/** The spec's role function (get_user_role_secure): the signed-in user's role and permissions. */
export const meRoute = defineRoute({
  method: 'get',
  path: '/api/me',
  access: access.authenticated,
  operationId: 'getMe',
  tags: ['auth'],
  summary: "The signed-in user's role and permissions",
  description:
    'The role and the permission set of the SPEC §6 matrix, as the server enforces them.',
  responses: {
    200: jsonResponse('Role and permission set from the SPEC §6 matrix', meResponseSchema),
  },
});
