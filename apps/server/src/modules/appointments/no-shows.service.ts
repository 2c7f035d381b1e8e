/**
 * No-shows (ADR 0021): each patient's count on the agenda and the chart, and the administrators'
 * report per month (in the clinic's zone) and specialist, with the patients it names (one audit row
 * per patient shown, in the read's transaction, ADR 0011).
 */
import type { NoShowReport, noShowReportQuerySchema } from '@painlab/shared/reminders';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { appendAuditMany, type Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { event, type Viewer } from './appointments.policy';
import { readSettings } from './availability.repository';
import { noShowCounts, noShowPatients, noShowsByMonth } from './no-shows.repository';

export { noShowCounts };

const PATIENT_LIMIT = 200;

export async function noShowReport(
  deps: Deps,
  viewer: Viewer,
  query: z.output<typeof noShowReportQuerySchema>,
): Promise<NoShowReport> {
  const { timeZone } = await readSettings(deps.database.db);
  const from = DateTime.fromISO(`${query.from}-01`, { zone: timeZone }).toJSDate();
  const to = DateTime.fromISO(`${query.to}-01`, { zone: timeZone }).plus({ months: 1 }).toJSDate();
  return deps.database.db.transaction(async (tx: Tx) => {
    const rows = await noShowsByMonth(tx, from, to, timeZone);
    const patients = await noShowPatients(tx, from, to, PATIENT_LIMIT);
    await appendAuditMany(tx, [
      event(viewer, 'appointments.no_show_report', null, null, {
        from: query.from,
        to: query.to,
        patients: patients.length,
      }),
      ...patients.map((p) =>
        event(viewer, 'appointments.no_show_report', null, p.patient.id, {
          from: query.from,
          to: query.to,
        }),
      ),
    ]);
    return { from: query.from, to: query.to, rows, patients };
  });
}
