/**
 * Workshops' SQL. Every change of a seat locks the workshop's row first (`lockWorkshop`, FOR UPDATE):
 * registering, cancelling, confirming an offer, an offer lapsing and a capacity change are then one at
 * a time per workshop, on every server instance, so the seats counted are the seats there are.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { RegistrationStatus, WorkshopMarket } from '@painlab/shared/workshops';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { workshop, workshopRegistration, workshopSession } from '../../db/schema';

export type WorkshopRow = typeof workshop.$inferSelect;
export type SessionRow = typeof workshopSession.$inferSelect;
export type RegistrationRow = typeof workshopRegistration.$inferSelect;
export type Counts = Record<'confirmed' | 'offered' | 'waitlisted', number>;

export async function lockWorkshop(tx: Tx, id: string): Promise<WorkshopRow | null> {
  const [row] = await tx.select().from(workshop).where(eq(workshop.id, id)).for('update');
  return row ?? null;
}

export async function findWorkshop(db: Db | Tx, id: string): Promise<WorkshopRow | null> {
  const [row] = await db.select().from(workshop).where(eq(workshop.id, id));
  return row ?? null;
}

/** Published workshops of a market whose last session has not ended, soonest first. */
export async function upcomingWorkshops(db: Db, market: WorkshopMarket): Promise<WorkshopRow[]> {
  const rows = await db
    .select({ w: workshop, first: sql<string>`min(${workshopSession.startsAt})` })
    .from(workshop)
    .innerJoin(workshopSession, eq(workshopSession.workshopId, workshop.id))
    .where(and(eq(workshop.market, market), eq(workshop.status, 'published')))
    .groupBy(workshop.id)
    .having(sql`max(${workshopSession.endsAt}) > now()`)
    .orderBy(sql`min(${workshopSession.startsAt})`);
  return rows.map((r) => r.w);
}

export async function allWorkshops(db: Db): Promise<WorkshopRow[]> {
  return db.select().from(workshop).orderBy(asc(workshop.createdAt));
}

export async function sessionsOf(db: Db | Tx, ids: string[]): Promise<Map<string, SessionRow[]>> {
  const map = new Map<string, SessionRow[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await db
    .select()
    .from(workshopSession)
    .where(inArray(workshopSession.workshopId, ids))
    .orderBy(asc(workshopSession.startsAt));
  for (const r of rows) map.get(r.workshopId)?.push(r);
  return map;
}

export async function countsOf(db: Db | Tx, ids: string[]): Promise<Map<string, Counts>> {
  const map = new Map<string, Counts>(
    ids.map((id) => [id, { confirmed: 0, offered: 0, waitlisted: 0 }]),
  );
  if (!ids.length) return map;
  const rows = await db
    .select({
      id: workshopRegistration.workshopId,
      status: workshopRegistration.status,
      n: sql<number>`count(*)::int`,
    })
    .from(workshopRegistration)
    .where(
      and(
        inArray(workshopRegistration.workshopId, ids),
        inArray(workshopRegistration.status, ['confirmed', 'offered', 'waitlisted']),
      ),
    )
    .groupBy(workshopRegistration.workshopId, workshopRegistration.status);
  for (const r of rows) {
    const counts = map.get(r.id);
    if (counts) counts[r.status as keyof Counts] = Number(r.n);
  }
  return map;
}

/** Seats held (confirmed or offered) and people waiting, under the workshop's lock. */
export async function seatsTaken(tx: Tx, workshopId: string): Promise<Counts> {
  return (await countsOf(tx, [workshopId])).get(workshopId)!;
}

export async function firstSessionStart(db: Db | Tx, workshopId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${workshopSession.startsAt})` })
    .from(workshopSession)
    .where(eq(workshopSession.workshopId, workshopId));
  return row?.at ? new Date(row.at) : null;
}

export async function insertRegistration(
  tx: Tx,
  row: typeof workshopRegistration.$inferInsert,
): Promise<RegistrationRow | null> {
  const [created] = await tx
    .insert(workshopRegistration)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

/** The waitlist's place of a waiting registration (1 = next). */
export async function waitlistPosition(db: Db | Tx, reg: RegistrationRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workshopRegistration)
    .where(
      and(
        eq(workshopRegistration.workshopId, reg.workshopId),
        eq(workshopRegistration.status, 'waitlisted'),
        sql`${workshopRegistration.position} <= ${reg.position}`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function firstWaiting(
  tx: Tx,
  workshopId: string,
  n: number,
): Promise<RegistrationRow[]> {
  if (n <= 0) return [];
  return tx
    .select()
    .from(workshopRegistration)
    .where(
      and(
        eq(workshopRegistration.workshopId, workshopId),
        eq(workshopRegistration.status, 'waitlisted'),
      ),
    )
    .orderBy(asc(workshopRegistration.position))
    .limit(n)
    .for('update');
}

export async function updateRegistration(
  tx: Tx,
  id: string,
  from: RegistrationStatus[],
  set: Partial<typeof workshopRegistration.$inferInsert>,
): Promise<RegistrationRow | null> {
  const [row] = await tx
    .update(workshopRegistration)
    .set(set)
    .where(and(eq(workshopRegistration.id, id), inArray(workshopRegistration.status, from)))
    .returning();
  return row ?? null;
}

export async function registrationByTokenHash(
  db: Db | Tx,
  column: 'cancel' | 'offer',
  hash: string,
): Promise<RegistrationRow | null> {
  const col =
    column === 'cancel'
      ? workshopRegistration.cancelTokenHash
      : workshopRegistration.offerTokenHash;
  const [row] = await db.select().from(workshopRegistration).where(eq(col, hash));
  return row ?? null;
}

export async function registrationById(db: Db | Tx, id: string): Promise<RegistrationRow | null> {
  const [row] = await db.select().from(workshopRegistration).where(eq(workshopRegistration.id, id));
  return row ?? null;
}

export async function registrationsOf(db: Db, workshopId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(workshopRegistration)
    .where(eq(workshopRegistration.workshopId, workshopId))
    .orderBy(asc(workshopRegistration.position));
}

/** Serialises registrations from one address (the per-address limit holds under concurrent posts). */
export async function lockAddress(tx: Tx, ipHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop-register:${ipHash}`}))`);
}

export async function countRecentFrom(tx: Tx, ipHash: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(workshopRegistration)
    .where(
      and(eq(workshopRegistration.ipHash, ipHash), gte(workshopRegistration.createdAt, since)),
    );
  return Number(row?.n ?? 0);
}

/**
 * A workshop with an offer that ran out, locked (SKIP LOCKED: an instance busy with it is left
 * alone; the other instances take other workshops or nothing).
 */
export async function lockWorkshopWithLapsedOffer(tx: Tx): Promise<string | null> {
  const result = await tx.execute<{ id: string }>(sql`
    select w.id from workshop w
    where exists (
      select 1 from workshop_registration r
      where r.workshop_id = w.id and r.status = 'offered' and r.offer_expires_at <= now()
    )
    limit 1
    for update of w skip locked`);
  return result.rows[0]?.id ?? null;
}

export async function lapsedOffers(tx: Tx, workshopId: string): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(workshopRegistration)
    .where(
      and(
        eq(workshopRegistration.workshopId, workshopId),
        eq(workshopRegistration.status, 'offered'),
        sql`${workshopRegistration.offerExpiresAt} <= now()`,
      ),
    )
    .for('update');
}

export async function insertWorkshop(
  tx: Tx,
  row: typeof workshop.$inferInsert,
): Promise<WorkshopRow | null> {
  const [created] = await tx
    .insert(workshop)
    .values(row)
    .onConflictDoNothing({ target: workshop.slug })
    .returning();
  return created ?? null;
}

/** Whether another workshop already has this slug. */
export async function slugTaken(db: Db | Tx, slug: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workshop.id })
    .from(workshop)
    .where(and(eq(workshop.slug, slug), sql`${workshop.id} <> ${exceptId}`));
  return Boolean(row);
}

export async function updateWorkshop(
  tx: Tx,
  id: string,
  set: Partial<typeof workshop.$inferInsert>,
): Promise<WorkshopRow> {
  const [row] = await tx
    .update(workshop)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(workshop.id, id))
    .returning();
  return row!;
}

export async function replaceSessions(
  tx: Tx,
  workshopId: string,
  sessions: { startsAt: Date; endsAt: Date }[],
): Promise<void> {
  await tx.delete(workshopSession).where(eq(workshopSession.workshopId, workshopId));
  if (sessions.length)
    await tx.insert(workshopSession).values(sessions.map((s) => ({ ...s, workshopId })));
}

export async function anyWorkshop(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: workshop.id }).from(workshop).limit(1);
  return Boolean(row);
}

/** Published workshops for the sitemap: one entry per market page, with the latest change. */
export async function marketsLastChanged(db: Db): Promise<Map<WorkshopMarket, Date>> {
  const rows = await db
    .select({ market: workshop.market, at: sql<Date>`max(${workshop.updatedAt})` })
    .from(workshop)
    .where(eq(workshop.status, 'published'))
    .groupBy(workshop.market);
  return new Map(rows.map((r) => [r.market, new Date(r.at)]));
}
