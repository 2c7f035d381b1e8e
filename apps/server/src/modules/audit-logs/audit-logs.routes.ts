import {
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListSchema,
  auditVerifySchema,
} from '@painlab/shared/audit';
import { z } from '@hono/zod-openapi';
import { access } from '../../http/access';
import { defineRoute, jsonResponse } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(40) });
const appendOnly = { 405: 'The audit log is append-only' };

export const listAuditRoute = defineRoute({
  method: 'get',
  path: '/api/audit-logs',
  access: access.can('audit_logs', 'view'),
  operationId: 'listAuditEntries',
  tags: ['audit'],
  summary: 'Audit entries, newest first (keyset pagination by id)',
  description:
    'Filter by action, outcome, actor or patient (every decision about one patient: an accounting of disclosures); pass `nextCursor` back as `before` for the next page. Each entry names its actor as the account is named now.',
  request: { query: auditListQuerySchema },
  responses: { 200: jsonResponse('A page of entries', auditListSchema) },
});

export const exportAuditRoute = defineRoute({
  method: 'get',
  path: '/api/audit-logs/export.csv',
  access: access.can('audit_logs', 'view'),
  operationId: 'exportAuditCsv',
  tags: ['audit'],
  summary: "The filtered log as CSV, in chain order, with each row's hash (streamed)",
  description:
    "The list's filters (action, outcome, actor, patient); every sealed row that matches, oldest first (`seq`). Columns: seq, id, occurredAt, actorUserId, actorName, actorRole, action, resource, recordId, patientId, outcome, ip, requestId, details, prevHash, hash. Anyone can recompute `hash` from the row as docs/audit.md says, and, in an unfiltered export, that each `prevHash` is the previous row's `hash`. UTF-8 with a byte-order mark. Audited (`audit_logs.export`).",
  request: { query: auditExportQuerySchema },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
});

export const verifyAuditRoute = defineRoute({
  method: 'get',
  path: '/api/audit-logs/verify',
  access: access.can('audit_logs', 'view'),
  operationId: 'verifyAuditChain',
  tags: ['audit'],
  summary: 'Recompute the hash chain and report the first broken row',
  description:
    'Walks the whole chain; a changed, removed or inserted row breaks it from that row on.',
  responses: { 200: jsonResponse('Chain check result', auditVerifySchema) },
});

// The matrix lets an administrator create, edit and delete audit_logs; the log itself refuses.
export const createAuditRoute = defineRoute({
  method: 'post',
  path: '/api/audit-logs',
  access: access.can('audit_logs', 'create'),
  operationId: 'createAuditEntry',
  tags: ['audit'],
  summary: 'Refused: entries are written only by the server',
  description:
    'Always 405 past the permission check: the log is append-only and written by the server itself.',
  errors: appendOnly,
  responses: {},
});

export const editAuditRoute = defineRoute({
  method: 'patch',
  path: '/api/audit-logs/{id}',
  access: access.can('audit_logs', 'edit'),
  operationId: 'updateAuditEntry',
  tags: ['audit'],
  summary: 'Refused: entries cannot be changed',
  description: 'Always 405 past the permission check.',
  request: { params: idParam },
  errors: appendOnly,
  responses: {},
});

export const deleteAuditRoute = defineRoute({
  method: 'delete',
  path: '/api/audit-logs/{id}',
  access: access.can('audit_logs', 'delete'),
  operationId: 'deleteAuditEntry',
  tags: ['audit'],
  summary: 'Refused: entries cannot be removed',
  description: 'Always 405 past the permission check.',
  request: { params: idParam },
  errors: appendOnly,
  responses: {},
});
