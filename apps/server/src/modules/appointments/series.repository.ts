/** Recurring series (ADR 0037): the series row, and its visits locked for a change to several. */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import { appointment, appointmentSeries } from '../../db/schema';

export async function insertSeries(
  tx: Tx,
  values: { intervalWeeks: number; count: number; timeZone: string; createdBy: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(appointmentSeries)
    .values(values)
    .returning({ id: appointmentSeries.id });
  return row!.id;
}

export interface SeriesVisit {
  id: string;
  seriesIndex: number;
  status: typeof appointment.$inferSelect.status;
  version: number;
  specialistId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
}

/** Every visit of the series, in order, locked (FOR UPDATE) for the change. */
export async function lockSeriesVisits(tx: Tx, seriesId: string): Promise<SeriesVisit[]> {
  const rows = await tx
    .select({
      id: appointment.id,
      seriesIndex: appointment.seriesIndex,
      status: appointment.status,
      version: appointment.version,
      specialistId: appointment.specialistId,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      blockedUntil: appointment.blockedUntil,
    })
    .from(appointment)
    .where(eq(appointment.seriesId, seriesId))
    .orderBy(asc(appointment.seriesIndex))
    .for('update');
  return rows.map((r) => ({ ...r, seriesIndex: r.seriesIndex ?? 0 }));
}
