/** The audit log screen's filters, kept in the URL (`?outcome=…&action=…&patientId=…`). */
import { AUDIT_OUTCOMES, type AuditOutcome } from '@painlab/shared/audit';

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { outcome?: AuditOutcome; action?: string; patientId?: string };

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};

export function filtersFromSearchParams(params: URLSearchParams): AuditFilters {
  const raw = params.get('outcome');
  const outcome = (AUDIT_OUTCOMES as readonly string[]).includes(raw ?? '')
    ? (raw as AuditOutcome)
    : undefined;
  const action = text(params.get('action'), 80);
  const patientId = text(params.get('patientId'), 100);
  return {
    ...(outcome ? { outcome } : {}),
    ...(action ? { action } : {}),
    ...(patientId ? { patientId } : {}),
  };
}

/** The filters as query parameters (the list's and the export's). */
function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.action) params.set('action', filters.action);
  if (filters.patientId) params.set('patientId', filters.patientId);
  return params;
}

/** The API query for a page: filters, page size and the last id of the previous page. */
export function auditListSearch(filters: AuditFilters, before: number | null): string {
  const params = filterParams(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (before !== null) params.set('before', String(before));
  return `?${params.toString()}`;
}

/** The CSV export of the filtered log (every matching entry, in chain order, with its hashes). */
export function auditExportHref(filters: AuditFilters): string {
  const query = filterParams(filters).toString();
  return `/api/audit-logs/export.csv${query ? `?${query}` : ''}`;
}
