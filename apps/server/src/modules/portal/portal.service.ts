/**
 * The patient portal's "who viewed my record": the accesses to the signed-in patient's record by
 * other people, from the audit log (list views and CSV exports that included them too).
 */
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import type { Viewer } from '../patients/patients.service';
import { linkedPatient } from '../patients/patients.service';
import { accessLog } from './portal.repository';

export async function ownAccessLog(deps: Deps, viewer: Viewer) {
  const row = await linkedPatient(deps, viewer.userId);
  if (!row) throw DomainError.notFound();
  return (await accessLog(deps.database.db, row.id, viewer.userId)).map((r) => ({
    at: r.at,
    who: r.who ?? '—',
    role: r.role,
    action: r.action,
  }));
}
