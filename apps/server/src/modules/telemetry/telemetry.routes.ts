import { access } from '../../http/access';
import { defineRoute, jsonBody, named } from '../../http/openapi';
import { clientLogsBodySchema, vitalsBodySchema } from './telemetry.schemas';

export const clientLogsRoute = defineRoute({
  method: 'post',
  path: '/api/client-logs',
  access: access.public,
  operationId: 'postClientLogs',
  tags: ['telemetry'],
  summary: 'Batched logs from the web app (no patient data)',
  description:
    'Errors and warnings the web app met, written to the server log. Open to anonymous pages; limited per address.',
  request: jsonBody(named('ClientLogs', clientLogsBodySchema)),
  errors: { 429: 'Too many posts from this address: wait and retry' },
  responses: { 204: { description: 'Accepted' } },
});

export const vitalsRoute = defineRoute({
  method: 'post',
  path: '/api/vitals',
  access: access.public,
  operationId: 'postVitals',
  tags: ['telemetry'],
  summary: 'Core Web Vitals measured in the browser',
  description:
    'Stores LCP, INP, CLS and friends for the performance budget. Open to anonymous pages; limited per address.',
  request: jsonBody(named('Vitals', vitalsBodySchema)),
  errors: { 429: 'Too many posts from this address: wait and retry' },
  responses: { 204: { description: 'Stored' } },
});
