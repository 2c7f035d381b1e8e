/**
 * Site content as staff edit it (ADR 0027): every row whatever its status, written under an
 * optimistic version check. Only this module reads these tables.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  sitePageText,
  sitePost,
  siteSpecialist,
  siteTestimonial,
  siteTestimonialConsent,
} from '../../db/schema';
import { isPublic } from './site-content.repository';

type Q = Db | Tx;
export type SpecialistRow = typeof siteSpecialist.$inferSelect;
export type PostRow = typeof sitePost.$inferSelect & { live: boolean };
export type TestimonialRow = typeof siteTestimonial.$inferSelect;
export type ConsentRow = typeof siteTestimonialConsent.$inferSelect;
export type PageTextRow = typeof sitePageText.$inferSelect;

type SpecialistValues = Omit<
  typeof siteSpecialist.$inferInsert,
  | 'id'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'userId'
  | 'featured'
  | 'sort'
  | 'photoUrl'
  | 'photoImageId'
>;
type PostValues = Omit<typeof sitePost.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
type TestimonialValues = Omit<
  typeof siteTestimonial.$inferInsert,
  'id' | 'version' | 'createdAt' | 'sort'
>;

/** `'conflict'` when the row is there with another version, null when it is not there. */
export type Versioned<T> = T | 'conflict' | null;

// ---- specialists ----

export async function allSpecialists(db: Q, userId?: string): Promise<SpecialistRow[]> {
  return db
    .select()
    .from(siteSpecialist)
    .where(userId ? eq(siteSpecialist.userId, userId) : undefined)
    .orderBy(asc(siteSpecialist.sort), asc(siteSpecialist.name));
}

export async function specialistById(db: Q, id: string): Promise<SpecialistRow | null> {
  const [row] = await db.select().from(siteSpecialist).where(eq(siteSpecialist.id, id));
  return row ?? null;
}

export async function specialistBySlugAny(db: Q, slug: string): Promise<SpecialistRow | null> {
  const [row] = await db.select().from(siteSpecialist).where(eq(siteSpecialist.slug, slug));
  return row ?? null;
}

export async function specialistSlugTaken(tx: Tx, slug: string, id?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: siteSpecialist.id })
    .from(siteSpecialist)
    .where(and(eq(siteSpecialist.slug, slug), id ? sql`${siteSpecialist.id} <> ${id}` : undefined));
  return Boolean(row);
}

export async function insertSpecialist(tx: Tx, values: SpecialistValues): Promise<SpecialistRow> {
  const [row] = await tx.insert(siteSpecialist).values(values).returning();
  return row!;
}

export async function updateSpecialist(
  tx: Tx,
  id: string,
  version: number,
  values: SpecialistValues,
): Promise<Versioned<SpecialistRow>> {
  const [row] = await tx
    .update(siteSpecialist)
    .set({ ...values, version: sql`${siteSpecialist.version} + 1`, updatedAt: new Date() })
    .where(and(eq(siteSpecialist.id, id), eq(siteSpecialist.version, version)))
    .returning();
  if (row) return row;
  return (await specialistById(tx, id)) ? 'conflict' : null;
}

// ---- posts ----

const selectPost = {
  id: sitePost.id,
  slug: sitePost.slug,
  authorId: sitePost.authorId,
  status: sitePost.status,
  publishAt: sitePost.publishAt,
  tags: sitePost.tags,
  titleEs: sitePost.titleEs,
  summaryEs: sitePost.summaryEs,
  bodyEs: sitePost.bodyEs,
  titleEn: sitePost.titleEn,
  summaryEn: sitePost.summaryEn,
  bodyEn: sitePost.bodyEn,
  coverImageId: sitePost.coverImageId,
  version: sitePost.version,
  createdAt: sitePost.createdAt,
  updatedAt: sitePost.updatedAt,
};

const withLive = { live: sql<boolean>`coalesce(${isPublic()}, false)` };

export async function allPosts(db: Q, authorIds?: string[]): Promise<PostRow[]> {
  if (authorIds && authorIds.length === 0) return [];
  return db
    .select({ ...selectPost, ...withLive })
    .from(sitePost)
    .where(authorIds ? inArray(sitePost.authorId, authorIds) : undefined)
    .orderBy(desc(sitePost.updatedAt))
    .limit(500);
}

export async function postById(db: Q, id: string): Promise<PostRow | null> {
  const [row] = await db
    .select({ ...selectPost, ...withLive })
    .from(sitePost)
    .where(eq(sitePost.id, id));
  return row ?? null;
}

export async function postSlugTaken(tx: Tx, slug: string, id?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sitePost.id })
    .from(sitePost)
    .where(and(eq(sitePost.slug, slug), id ? sql`${sitePost.id} <> ${id}` : undefined));
  return Boolean(row);
}

export async function insertPost(tx: Tx, values: PostValues): Promise<string> {
  const [row] = await tx.insert(sitePost).values(values).returning({ id: sitePost.id });
  return row!.id;
}

export async function updatePost(
  tx: Tx,
  id: string,
  version: number,
  values: PostValues,
): Promise<Versioned<string>> {
  const [row] = await tx
    .update(sitePost)
    .set({ ...values, version: sql`${sitePost.version} + 1`, updatedAt: new Date() })
    .where(and(eq(sitePost.id, id), eq(sitePost.version, version)))
    .returning({ id: sitePost.id });
  if (row) return row.id;
  return (await postById(tx, id)) ? 'conflict' : null;
}

export async function deletePost(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(sitePost).where(eq(sitePost.id, id)).returning({ id: sitePost.id });
  return rows.length > 0;
}

// ---- testimonials ----

export async function allTestimonials(db: Q): Promise<TestimonialRow[]> {
  return db
    .select()
    .from(siteTestimonial)
    .orderBy(asc(siteTestimonial.sort), desc(siteTestimonial.createdAt))
    .limit(500);
}

export async function testimonialById(db: Q, id: string): Promise<TestimonialRow | null> {
  const [row] = await db.select().from(siteTestimonial).where(eq(siteTestimonial.id, id));
  return row ?? null;
}

/** The testimonial, locked for the rest of the transaction (consent against a concurrent edit). */
export async function lockTestimonial(tx: Tx, id: string): Promise<TestimonialRow | null> {
  const [row] = await tx
    .select()
    .from(siteTestimonial)
    .where(eq(siteTestimonial.id, id))
    .for('update');
  return row ?? null;
}

export async function consentsOf(db: Q, ids: string[]): Promise<ConsentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(siteTestimonialConsent)
    .where(inArray(siteTestimonialConsent.testimonialId, ids))
    .orderBy(desc(siteTestimonialConsent.givenAt));
}

export async function insertTestimonial(tx: Tx, values: TestimonialValues): Promise<string> {
  const [row] = await tx
    .insert(siteTestimonial)
    .values(values)
    .returning({ id: siteTestimonial.id });
  return row!.id;
}

export async function updateTestimonial(
  tx: Tx,
  id: string,
  version: number,
  values: TestimonialValues,
): Promise<Versioned<string>> {
  const [row] = await tx
    .update(siteTestimonial)
    .set({ ...values, version: sql`${siteTestimonial.version} + 1` })
    .where(and(eq(siteTestimonial.id, id), eq(siteTestimonial.version, version)))
    .returning({ id: siteTestimonial.id });
  if (row) return row.id;
  return (await testimonialById(tx, id)) ? 'conflict' : null;
}

export async function insertConsent(
  tx: Tx,
  values: Omit<typeof siteTestimonialConsent.$inferInsert, 'id' | 'withdrawnAt'>,
): Promise<ConsentRow> {
  const [row] = await tx.insert(siteTestimonialConsent).values(values).returning();
  return row!;
}

/** Withdraws every consent of the testimonial still in force; how many there were. */
export async function withdrawConsents(tx: Tx, testimonialId: string): Promise<number> {
  const rows = await tx
    .update(siteTestimonialConsent)
    .set({ withdrawnAt: new Date() })
    .where(
      and(
        eq(siteTestimonialConsent.testimonialId, testimonialId),
        isNull(siteTestimonialConsent.withdrawnAt),
      ),
    )
    .returning({ id: siteTestimonialConsent.id });
  return rows.length;
}

export async function deleteTestimonial(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(siteTestimonial)
    .where(eq(siteTestimonial.id, id))
    .returning({ id: siteTestimonial.id });
  return rows.length > 0;
}

// ---- page texts ----

export async function allPageTexts(db: Q): Promise<PageTextRow[]> {
  return db.select().from(sitePageText).orderBy(asc(sitePageText.page), asc(sitePageText.lang));
}

/**
 * Writes a page's text in one language: inserted when `version` is 0 and there is none, updated when
 * the stored one has `version`; anything else is a conflict.
 */
export async function savePageText(
  tx: Tx,
  key: { page: PageTextRow['page']; lang: PageTextRow['lang'] },
  version: number,
  values: { title: string; summary: string; body: string },
): Promise<PageTextRow | 'conflict'> {
  if (version === 0) {
    const [row] = await tx
      .insert(sitePageText)
      .values({ ...key, ...values })
      .onConflictDoNothing()
      .returning();
    return row ?? 'conflict';
  }
  const [row] = await tx
    .update(sitePageText)
    .set({ ...values, version: sql`${sitePageText.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(sitePageText.page, key.page),
        eq(sitePageText.lang, key.lang),
        eq(sitePageText.version, version),
      ),
    )
    .returning();
  return row ?? 'conflict';
}
