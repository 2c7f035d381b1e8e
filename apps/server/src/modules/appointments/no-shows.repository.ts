/** No-shows: counts per patient and the administrators' report (SQL only). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appointment } from '../../db/schema';
import type { Q } from './appointments.query';

/** Each patient's no-shows, ever. */
export async function noShowCounts(db: Q, patientIds: string[]): Promise<Map<string, number>> {
  if (!patientIds.length) return new Map();
  const rows = await db
    .select({ patientId: appointment.patientId, count: sql<number>`count(*)::int` })
    .from(appointment)
    .where(and(inArray(appointment.patientId, patientIds), eq(appointment.status, 'no_show')))
    .groupBy(appointment.patientId);
  return new Map(rows.map((r) => [r.patientId, Number(r.count)]));
}

/** No-shows and visits that were due (completed or missed) per local month and specialist. */
export async function noShowsByMonth(db: Q, from: Date, to: Date, timeZone: string) {
  const result = await db.execute<{
    month: string;
    specialist_id: string;
    specialist_name: string;
    no_shows: number;
    appointments: number;
  }>(sql`
    select to_char(a.starts_at at time zone ${timeZone}, 'YYYY-MM') as month,
      a.specialist_id, u.name as specialist_name,
      count(*) filter (where a.status = 'no_show')::int as no_shows,
      count(*)::int as appointments
    from appointment a join "user" u on u.id = a.specialist_id
    where a.starts_at >= ${from.toISOString()} and a.starts_at < ${to.toISOString()}
      and a.status in ('completed', 'no_show')
    group by 1, 2, 3
    order by 1, 3, 2`);
  return result.rows.map((r) => ({
    month: r.month,
    specialist: { id: r.specialist_id, name: r.specialist_name },
    noShows: Number(r.no_shows),
    appointments: Number(r.appointments),
  }));
}

/** Patients with a no-show in [from, to), most first, with their no-shows in it and ever. */
export async function noShowPatients(db: Q, from: Date, to: Date, limit: number) {
  const result = await db.execute<{
    patient_id: string;
    name: string;
    in_range: number;
    total: number;
  }>(sql`
    select a.patient_id, p.name,
      count(*) filter (where a.starts_at >= ${from.toISOString()} and a.starts_at < ${to.toISOString()})::int as in_range,
      count(*)::int as total
    from appointment a join patient p on p.id = a.patient_id and p.deleted_at is null
    where a.status = 'no_show'
    group by a.patient_id, p.name
    having count(*) filter (where a.starts_at >= ${from.toISOString()} and a.starts_at < ${to.toISOString()}) > 0
    order by 3 desc, 2, 1
    limit ${limit}`);
  return result.rows.map((r) => ({
    patient: { id: r.patient_id, name: r.name },
    noShows: Number(r.in_range),
    total: Number(r.total),
  }));
}
