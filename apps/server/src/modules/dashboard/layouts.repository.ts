/** A person's saved dashboard layouts (SQL only). */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { LayoutSpec } from '@painlab/shared/dashboard';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { dashboardLayout, user } from '../../db/schema';

type Q = Db | Tx;

const columns = {
  id: dashboardLayout.id,
  name: dashboardLayout.name,
  layout: dashboardLayout.layout,
  isDefault: dashboardLayout.isDefault,
  version: dashboardLayout.version,
  updatedAt: dashboardLayout.updatedAt,
};
export type LayoutRow = {
  id: string;
  name: string;
  layout: unknown;
  isDefault: boolean;
  version: number;
  updatedAt: Date;
};

export function listLayouts(db: Q, userId: string): Promise<LayoutRow[]> {
  return db
    .select(columns)
    .from(dashboardLayout)
    .where(eq(dashboardLayout.userId, userId))
    .orderBy(asc(dashboardLayout.name), asc(dashboardLayout.id));
}

export async function findLayout(db: Q, userId: string, id: string): Promise<LayoutRow | null> {
  const [row] = await db
    .select(columns)
    .from(dashboardLayout)
    .where(and(eq(dashboardLayout.userId, userId), eq(dashboardLayout.id, id)))
    .limit(1);
  return row ?? null;
}

/** Serialises one person's layout writes (name uniqueness, the one default, the count limit). */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

export async function countLayouts(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(dashboardLayout)
    .where(eq(dashboardLayout.userId, userId));
  return Number(row?.n ?? 0);
}

/** Whether another of the person's layouts has this name (case-insensitive). */
export async function nameTaken(
  tx: Tx,
  userId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: dashboardLayout.id })
    .from(dashboardLayout)
    .where(
      and(
        eq(dashboardLayout.userId, userId),
        sql`lower(${dashboardLayout.name}) = lower(${name})`,
        exceptId ? ne(dashboardLayout.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(dashboardLayout)
    .set({ isDefault: false })
    .where(and(eq(dashboardLayout.userId, userId), eq(dashboardLayout.isDefault, true)));
}

export async function insertLayout(
  tx: Tx,
  userId: string,
  input: { name: string; layout: LayoutSpec; isDefault: boolean },
): Promise<LayoutRow> {
  const [row] = await tx
    .insert(dashboardLayout)
    .values({ userId, ...input })
    .returning(columns);
  return row!;
}

/** Changes a layout at `version`; null when it changed meanwhile (or is gone). */
export async function updateLayout(
  tx: Tx,
  userId: string,
  id: string,
  version: number,
  set: { name?: string; layout?: LayoutSpec; isDefault?: boolean },
): Promise<LayoutRow | null> {
  const [row] = await tx
    .update(dashboardLayout)
    .set({ ...set, version: sql`${dashboardLayout.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(dashboardLayout.userId, userId),
        eq(dashboardLayout.id, id),
        eq(dashboardLayout.version, version),
      ),
    )
    .returning(columns);
  return row ?? null;
}

export async function deleteLayout(db: Q, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(dashboardLayout)
    .where(and(eq(dashboardLayout.userId, userId), eq(dashboardLayout.id, id)))
    .returning({ id: dashboardLayout.id });
  return rows.length > 0;
}

/** The account of an e-mail address (the seed's demo personas). */
export async function accountIdOf(db: Q, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}
