import { errorEnvelopeSchema } from '@painlab/shared/errors';
import { auditListQuerySchema, auditListSchema, auditVerifySchema } from '@painlab/shared/audit';
import { z } from '@hono/zod-openapi';
import { access, defineRoute } from '../../http/access';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});
const guarded = { 401: error('Not signed in'), 403: error('No permission') };
const appendOnly = { 405: error('The audit log is append-only'), ...guarded };
const idParam = z.strictObject({ id: z.string().max(40) });

export const listAuditRoute = defineRoute({
  method: 'get',
  path: '/api/audit-logs',
  access: access.can('audit_logs', 'view'),
  tags: ['audit'],
  summary: 'Audit entries, newest first (keyset pagination by id)',
  request: { query: auditListQuerySchema },
  responses: {
    200: { description: 'A page of entries', content: { 'application/json': { schema: auditListSchema } } },
    400: error('Invalid filter'),
    ...guarded,
  },
});

export const verifyAuditRoute = defineRoute({
  method: 'get',
  path: '/api/audit-logs/verify',
  access: access.can('audit_logs', 'view'),
  tags: ['audit'],
  summary: 'Recompute the hash chain and report the first broken row',
  responses: {
    200: { description: 'Chain check result', content: { 'application/json': { schema: auditVerifySchema } } },
    ...guarded,
  },
});

// The matrix lets an administrator create, edit and delete audit_logs; the log itself refuses.
export const createAuditRoute = defineRoute({
  method: 'post',
  path: '/api/audit-logs',
  access: access.can('audit_logs', 'create'),
  tags: ['audit'],
  summary: 'Refused: entries are written only by the server',
  responses: appendOnly,
});

export const editAuditRoute = defineRoute({
  method: 'patch',
  path: '/api/audit-logs/{id}',
  access: access.can('audit_logs', 'edit'),
  tags: ['audit'],
  summary: 'Refused: entries cannot be changed',
  request: { params: idParam },
  responses: appendOnly,
});

export const deleteAuditRoute = defineRoute({
  method: 'delete',
  path: '/api/audit-logs/{id}',
  access: access.can('audit_logs', 'delete'),
  tags: ['audit'],
  summary: 'Refused: entries cannot be removed',
  request: { params: idParam },
  responses: appendOnly,
});
