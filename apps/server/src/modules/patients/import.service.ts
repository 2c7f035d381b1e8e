/** CSV import: validate every row, report each bad field once, insert the valid rows in one transaction. */
import {
  patientFieldsSchema,
  type ImportReport,
  type PatientFieldsParsed,
} from '@painlab/shared/patients';
import { appendAuditMany } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { insertPatients } from './chart.repository';
import { toWrite } from './patients.mapping';
import { event, requireIdentified, type Viewer } from './patients.policy';

/**
 * Imports validated rows. The report names each bad field once (its first error); `rejected` counts
 * the rows with errors and `notImported` the rows left out (in `all_or_nothing` mode, any error
 * leaves out every row).
 */
export async function importPatients(
  deps: Deps,
  viewer: Viewer,
  rows: { row: number; fields: Record<string, unknown> }[],
  mode: ImportReport['mode'],
): Promise<ImportReport> {
  await requireIdentified(deps, viewer, 'patients.import', null, 'create');
  const issues: ImportReport['issues'] = [];
  const valid: PatientFieldsParsed[] = [];
  const badRows = new Set<number>();
  for (const { row, fields } of rows) {
    const { __extraCells, ...input } = fields;
    if (__extraCells) issues.push({ row, field: 'row', error: 'too_many_cells' });
    const parsed = patientFieldsSchema.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'row';
        if (seen.has(field)) continue; // one issue per field: its first error
        seen.add(field);
        issues.push({ row, field, error: issue.message });
      }
    }
    if (!parsed.success || __extraCells) badRows.add(row);
    else valid.push(parsed.data);
  }
  const report = (imported: number): ImportReport => ({
    mode,
    totalRows: rows.length,
    imported,
    rejected: badRows.size,
    notImported: rows.length - imported,
    issues: issues.slice(0, 1000),
  });
  if (rows.length === 0 || (mode === 'all_or_nothing' && badRows.size > 0) || valid.length === 0)
    return report(0);
  await deps.database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < valid.length; i += 500) {
      ids.push(...(await insertPatients(tx, valid.slice(i, i + 500).map(toWrite), viewer.userId)));
    }
    await appendAuditMany(tx, [
      event(viewer, 'patients.import', null, {
        imported: ids.length,
        rejected: badRows.size,
        mode,
      }),
      ...ids.map((id) => event(viewer, 'patients.create', id, { via: 'import' })),
    ]);
  });
  return report(valid.length);
}
