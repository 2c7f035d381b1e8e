import { AuditLogView } from '../../../../features/audit-logs/components/audit-log-view';

/** /audit-logs */
export function Component() {
  return <AuditLogView />;
}
