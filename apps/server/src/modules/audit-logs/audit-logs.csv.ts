/**
 * The audit log as CSV (issue 22 item 1): the columns of AUDIT_CSV_COLUMNS, one row per entry in
 * chain order, exactly the values the hash covers, so anyone can check it with docs/audit.md alone.
 * Formula-like cells get the leading `'` of lib/csv-cell.ts (the document says how to take it off).
 */
import { stringify } from 'csv-stringify/sync';
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@painlab/shared/audit';
import { neutralise, QUOTE_LINE_BREAKS } from '../../lib/csv-cell';

export const auditCsvHeader = () => stringify([[...AUDIT_CSV_COLUMNS]]);

function cell(entry: AuditEntry, column: (typeof AUDIT_CSV_COLUMNS)[number]): string {
  if (column === 'details') return entry.details === null ? '' : JSON.stringify(entry.details);
  const value = entry[column];
  return value === null ? '' : neutralise(String(value));
}

export function auditCsvRows(entries: AuditEntry[]): string {
  if (entries.length === 0) return '';
  return stringify(
    entries.map((entry) => AUDIT_CSV_COLUMNS.map((column) => cell(entry, column))),
    QUOTE_LINE_BREAKS,
  );
}
