import { z } from '@hono/zod-openapi';
import { errorEnvelopeSchema } from '@painlab/shared/errors';
import { publicConfigSchema } from '@painlab/shared/auth';
import { access, defineRoute } from '../../http/access';

export const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  access: access.public,
  tags: ['system'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The server and its database answer',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
        },
      },
    },
    503: {
      description: 'The database does not answer',
      content: { 'application/json': { schema: errorEnvelopeSchema } },
    },
  },
});

export const configRoute = defineRoute({
  method: 'get',
  path: '/api/config',
  access: access.public,
  tags: ['system'],
  summary: 'Public configuration of this clinic',
  responses: {
    200: {
      description: 'Clinic name and whether self-registration is open',
      content: { 'application/json': { schema: publicConfigSchema } },
    },
  },
});
