import { errorEnvelopeSchema } from '@painlab/shared/errors';
import { meResponseSchema } from '@painlab/shared/auth';
import { access, defineRoute } from '../../http/access';

/** The spec's role function (get_user_role_secure): the signed-in user's role and permissions. */
export const meRoute = defineRoute({
  method: 'get',
  path: '/api/me',
  access: access.authenticated,
  tags: ['auth'],
  summary: "The signed-in user's role and permissions",
  responses: {
    200: {
      description: 'Role and permission set from the SPEC §6 matrix',
      content: { 'application/json': { schema: meResponseSchema } },
    },
    401: {
      description: 'Not signed in',
      content: { 'application/json': { schema: errorEnvelopeSchema } },
    },
  },
});
