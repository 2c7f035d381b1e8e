import type { OpenAPIHono } from '@hono/zod-openapi';
import { appendAudit, auditEvent } from '../../audit/audit';
import { actorOf } from '../../http/actor';
import { ApiError } from '../../http/errors';
import type { AppEnv, Deps } from '../../http/types';
import { listAudit, verifyAuditChain } from './audit-logs.repository';
import { stream } from 'hono/streaming';
import { auditCsvHeader, auditCsvRows } from './audit-logs.csv';
import { startAuditExport } from './audit-logs.service';
import {
  createAuditRoute,
  exportAuditRoute,
  deleteAuditRoute,
  editAuditRoute,
  listAuditRoute,
  verifyAuditRoute,
} from './audit-logs.routes';

export function registerAuditLogs(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // Looking at the audit log is itself recorded.
  app.openapi(listAuditRoute, async (c) => {
    const filter = c.req.valid('query');
    const page = await deps.database.db.transaction(async (tx) => {
      const result = await listAudit(tx, filter);
      await appendAudit(
        tx,
        auditEvent(actorOf(c), {
          action: 'audit_logs.view',
          outcome: 'success',
          resource: 'audit_logs',
          details: { count: result.items.length },
        }),
      );
      return result;
    });
    return c.json(page, 200);
  });

  app.openapi(exportAuditRoute, async (c) => {
    // sealed, audited and the first batch read before the response starts
    const batches = await startAuditExport(deps, actorOf(c), c.req.valid('query'));
    const first = await batches.next();
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return stream(c, async (out) => {
      await out.write('\uFEFF' + auditCsvHeader() + auditCsvRows(first.done ? [] : first.value));
      for await (const batch of batches) await out.write(auditCsvRows(batch));
    });
  });

  app.openapi(verifyAuditRoute, async (c) => c.json(await verifyAuditChain(deps.database.db), 200));

  const refuse = () => {
    throw new ApiError(405, 'method_not_allowed');
  };
  app.openapi(createAuditRoute, refuse);
  app.openapi(editAuditRoute, refuse);
  app.openapi(deleteAuditRoute, refuse);
}
