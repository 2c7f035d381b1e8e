/** "Who viewed my record": the audit rows about one patient, as the patient may see them. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, user } from '../../db/schema';

/** Accesses to one patient's record by other people, newest first. */
export async function accessLog(db: Db, patientId: string, excludeUserId: string) {
  return db
    .select({
      at: sql<string>`to_char(${auditLog.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      who: user.name,
      role: auditLog.actorRole,
      action: auditLog.action,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.patientId, patientId),
        sql`${auditLog.actorUserId} is distinct from ${excludeUserId}`,
        eq(auditLog.outcome, 'success'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(200);
}
