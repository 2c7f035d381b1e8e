/** The audit log's export: sealed first, audited, then read a batch at a time in chain order. */
import type { AuditExportQuery } from '@painlab/shared/audit';
import { auditEvent, recordAudit, sealAuditChain, type Actor } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { sealedEntries } from './audit-logs.repository';

export async function startAuditExport(deps: Deps, actor: Actor, query: AuditExportQuery) {
  const { db } = deps.database;
  // rows written up to now get their place and hash before the file is read
  await sealAuditChain(db);
  await recordAudit(
    db,
    auditEvent(actor, {
      action: 'audit_logs.export',
      outcome: 'success',
      resource: 'audit_logs',
      patientId: query.patientId ?? null,
      details: {
        action: query.action ?? null,
        outcome: query.outcome ?? null,
        actorUserId: query.actorUserId ?? null,
      },
    }),
  );
  return sealedEntries(db, query);
}
