/** Query keys of the audit log screen ('audit-logs': the default cache lifetime, SPEC §9). */
import type { AuditFilters } from '../lib/filters';

export const auditKeys = {
  all: ['audit-logs'] as const,
  list: (filters: AuditFilters) => ['audit-logs', 'list', filters] as const,
};
