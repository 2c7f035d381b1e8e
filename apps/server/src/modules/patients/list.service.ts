/** The list, its search, and the CSV export: each patient shown or written out is audited. */
import { DEIDENTIFIED_SORTS, type Patient, type PatientSort } from '@painlab/shared/patients';
import { canSeeIdentified } from '@painlab/shared/permissions';
import type { Deps } from '../../http/types';
import { nextAppointments } from '../appointments/appointments.service';
import { DomainError } from '../../lib/domain-error';
import { progressOfPatients } from '../treatments/treatments.service';
import {
  allPatients,
  auditEachPatient,
  BadCursorError,
  listPatients,
  type ListFilter,
} from './list.repository';
import { deidentify, toListItem, toPatient } from './patients.mapping';
import { event, refuse, requireIdentified, type Viewer } from './patients.policy';

/** The list as the API takes it: `sort` is optional (its default depends on the viewer). */
export type ListQuery = Omit<ListFilter, 'sort' | 'deidentified'> & {
  sort?: PatientSort | undefined;
};

/**
 * A page of the list, each patient on it audited (`patients.list`, one row per patient, in the
 * transaction of the read). A de-identified viewer may not search by name nor order by it: such a
 * request is refused (and audited), not quietly answered otherwise.
 */
export async function listForViewer(
  deps: Deps,
  viewer: Viewer,
  query: ListQuery,
  cursor: string | undefined,
  limit: number,
) {
  const identified = canSeeIdentified(viewer.role);
  const filter: ListFilter = {
    ...query,
    sort: query.sort ?? (identified ? 'name' : '-updatedAt'),
    deidentified: !identified,
  };
  if (!identified) {
    const identifying = [
      ...(query.q !== undefined ? ['q'] : []),
      ...(query.sort !== undefined &&
      !(DEIDENTIFIED_SORTS as readonly string[]).includes(query.sort)
        ? [`sort=${query.sort}`]
        : []),
    ];
    if (identifying.length) {
      await refuse(
        deps,
        viewer,
        'patients.list',
        null,
        `identifying_parameter:${identifying.join(',')}`,
        {
          action: 'search or sort by identifying fields',
          resource: 'de-identified patients',
        },
      );
    }
  }
  try {
    return await deps.database.db.transaction(async (tx) => {
      const page = await listPatients(tx, filter, cursor, limit);
      // the next visit comes from the appointments module (staff only: researchers see no dates)
      // and the progress from the active treatment plans (one batched read for the page)
      const ids = page.rows.map((r) => r.id);
      const next = identified ? await nextAppointments(tx, ids) : new Map<string, string>();
      const progress = identified
        ? await progressOfPatients(tx, ids)
        : new Map<string, number | null>();
      const items = page.rows.map((r) => ({
        ...toListItem(r),
        nextAppointment: next.get(r.id) ?? null,
        progress: progress.get(r.id) ?? null,
      }));
      await auditEachPatient(
        tx,
        event(viewer, 'patients.list', null, {
          search: Boolean(filter.q),
          ...(identified ? {} : { deidentified: true }),
        }),
        items.map((i) => i.id),
      );
      return {
        items: identified ? items : items.map(deidentify),
        nextCursor: page.nextCursor,
        more: page.more,
      };
    });
  } catch (error) {
    if (error instanceof BadCursorError) throw DomainError.invalidField('cursor', 'invalid_cursor');
    throw error;
  }
}

/**
 * The CSV export, decided and started before any byte is sent: the permission check (a refusal is
 * audited) and the first batch (audited) happen here; the caller streams `first`, then `rest`. Every
 * patient written out has its `patients.export_csv` audit row, committed with the read of its batch.
 */
export async function startCsvExport(deps: Deps, viewer: Viewer, query: Omit<ListQuery, 'sort'>) {
  await requireIdentified(deps, viewer, 'patients.export_csv', null);
  const filter: ListFilter = { ...query, sort: 'name' };
  const batches = allPatients(
    deps.database.db,
    filter,
    event(viewer, 'patients.export_csv', null, { search: Boolean(filter.q) }),
  );
  const first = await batches.next();
  async function* rest(): AsyncGenerator<Patient[]> {
    for await (const rows of batches) yield rows.map((r) => toPatient(r, null));
  }
  return { first: first.done ? [] : first.value.map((r) => toPatient(r, null)), rest: rest() };
}
