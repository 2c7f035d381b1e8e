import { errorEnvelopeSchema } from '@painlab/shared/errors';
import { access, defineRoute } from '../../http/access';
import { clientLogsBodySchema, vitalsBodySchema } from './telemetry.schemas';

const badRequest = {
  description: 'Invalid body',
  content: { 'application/json': { schema: errorEnvelopeSchema } },
};

export const clientLogsRoute = defineRoute({
  method: 'post',
  path: '/api/client-logs',
  access: access.public,
  tags: ['telemetry'],
  summary: 'Batched logs from the web app (no patient data)',
  request: {
    body: { required: true, content: { 'application/json': { schema: clientLogsBodySchema } } },
  },
  responses: { 204: { description: 'Accepted' }, 400: badRequest },
});

export const vitalsRoute = defineRoute({
  method: 'post',
  path: '/api/vitals',
  access: access.public,
  tags: ['telemetry'],
  summary: 'Core Web Vitals measured in the browser',
  request: {
    body: { required: true, content: { 'application/json': { schema: vitalsBodySchema } } },
  },
  responses: { 204: { description: 'Stored' }, 400: badRequest },
});
