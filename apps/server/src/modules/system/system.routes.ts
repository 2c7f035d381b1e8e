import { z } from '@hono/zod-openapi';
import { publicConfigSchema } from '@painlab/shared/auth';
import { access } from '../../http/access';
import { defineRoute, errorResponse, jsonResponse } from '../../http/openapi';

export const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  access: access.public,
  operationId: 'getHealth',
  tags: ['system'],
  summary: 'Liveness and database check',
  description:
    'Answers 200 when the server runs and its database answers a query; for load balancers and monitoring.',
  responses: {
    200: jsonResponse(
      'The server and its database answer',
      z.object({ status: z.literal('ok'), database: z.literal('ok') }),
    ),
    503: errorResponse('The database does not answer'),
  },
});

export const configRoute = defineRoute({
  method: 'get',
  path: '/api/config',
  access: access.public,
  operationId: 'getPublicConfig',
  tags: ['system'],
  summary: 'Public configuration of this clinic',
  description:
    'What the web app needs before sign-in: the clinic name and whether self-registration is open.',
  responses: {
    200: jsonResponse('Clinic name and whether self-registration is open', publicConfigSchema),
  },
});
