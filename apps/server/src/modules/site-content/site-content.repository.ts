/** Site content rows (db/schema.ts "Public site content"). Only this module reads these tables. */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import {
  siteContactMessage,
  sitePageText,
  sitePost,
  siteSetting,
  siteSpecialist,
  siteTestimonial,
  siteTestimonialConsent,
} from '../../db/schema';

export type SpecialistRow = typeof siteSpecialist.$inferSelect;
export type PostRow = typeof sitePost.$inferSelect;
export type TestimonialRow = Omit<typeof siteTestimonial.$inferSelect, 'version'> & {
  consentedAt: Date;
};
export type PageTextRow = typeof sitePageText.$inferSelect;
export type ContactRow = typeof siteContactMessage.$inferSelect;

/** A post is public once published (or scheduled) and its date has come. */
export const isPublic = () =>
  and(inArray(sitePost.status, ['published', 'scheduled']), lte(sitePost.publishAt, sql`now()`));

export async function specialists(db: Db): Promise<SpecialistRow[]> {
  return db
    .select()
    .from(siteSpecialist)
    .where(eq(siteSpecialist.published, true))
    .orderBy(asc(siteSpecialist.sort), asc(siteSpecialist.name));
}

export async function specialistBySlug(db: Db, slug: string): Promise<SpecialistRow | null> {
  const [row] = await db
    .select()
    .from(siteSpecialist)
    .where(and(eq(siteSpecialist.slug, slug), eq(siteSpecialist.published, true)));
  return row ?? null;
}

export async function specialistsByIds(db: Db, ids: string[]): Promise<SpecialistRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(siteSpecialist).where(inArray(siteSpecialist.id, ids));
}

/** Public posts, newest first, optionally with a tag, an author or words in the title/summary/body. */
export async function publicPosts(
  db: Db,
  filter: { tag?: string; authorId?: string; q?: string; limit: number; offset: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const conditions = [isPublic()];
  if (filter.tag) conditions.push(sql`${sitePost.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
  if (filter.authorId) conditions.push(eq(sitePost.authorId, filter.authorId));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`${sitePost.titleEs} ilike ${like}`,
        sql`${sitePost.summaryEs} ilike ${like}`,
        sql`${sitePost.bodyEs} ilike ${like}`,
        sql`${sitePost.titleEn} ilike ${like}`,
        sql`${sitePost.summaryEn} ilike ${like}`,
        sql`${sitePost.bodyEn} ilike ${like}`,
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(sitePost)
      .where(where)
      .orderBy(desc(sitePost.publishAt), asc(sitePost.slug))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sitePost)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function publicPostBySlug(db: Db, slug: string): Promise<PostRow | null> {
  const [row] = await db
    .select()
    .from(sitePost)
    .where(and(eq(sitePost.slug, slug), isPublic()));
  return row ?? null;
}

/** Every tag of the public posts, by how often it is used. */
export async function publicTags(db: Db): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(
    sql`select tag from ${sitePost}, jsonb_array_elements_text(${sitePost.tags}) as tag
        where ${isPublic()} group by tag order by count(*) desc, tag`,
  );
  return rows.rows.map((r) => r.tag);
}

/** Public posts sharing the most tags with `post` (then the newest), without it. */
export async function relatedPosts(db: Db, post: PostRow, limit: number): Promise<PostRow[]> {
  const candidates = await db
    .select()
    .from(sitePost)
    .where(and(isPublic(), sql`${sitePost.id} <> ${post.id}`))
    .orderBy(desc(sitePost.publishAt))
    .limit(100);
  const shared = (p: PostRow) => p.tags.filter((t) => post.tags.includes(t)).length;
  return candidates
    .map((p, i) => ({ p, score: shared(p), i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.p);
}

/** Testimonials with a consent, not withdrawn, for exactly their current text. */
export async function consentedTestimonials(db: Db, limit?: number): Promise<TestimonialRow[]> {
  const query = db
    .select({
      id: siteTestimonial.id,
      authorName: siteTestimonial.authorName,
      contextEs: siteTestimonial.contextEs,
      contextEn: siteTestimonial.contextEn,
      lang: siteTestimonial.lang,
      quote: siteTestimonial.quote,
      translation: siteTestimonial.translation,
      rating: siteTestimonial.rating,
      sort: siteTestimonial.sort,
      createdAt: siteTestimonial.createdAt,
      consentedAt: siteTestimonialConsent.givenAt,
    })
    .from(siteTestimonial)
    .innerJoin(
      siteTestimonialConsent,
      and(
        eq(siteTestimonialConsent.testimonialId, siteTestimonial.id),
        eq(siteTestimonialConsent.text, siteTestimonial.quote),
        isNull(siteTestimonialConsent.withdrawnAt),
      ),
    )
    .orderBy(asc(siteTestimonial.sort), desc(siteTestimonialConsent.givenAt));
  const rows = limit ? await query.limit(limit) : await query;
  // one row per testimonial even if its text was consented to twice
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export async function pageTexts(db: Db, page: string): Promise<PageTextRow[]> {
  return db
    .select()
    .from(sitePageText)
    .where(eq(sitePageText.page, page as PageTextRow['page']));
}

export async function setting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(siteSetting).where(eq(siteSetting.key, key));
  return row?.value ?? null;
}

/** The latest change of any public content (sitemap `lastmod`). */
export async function postsForSitemap(
  db: Db,
): Promise<Pick<PostRow, 'slug' | 'updatedAt' | 'publishAt' | 'titleEn'>[]> {
  return db
    .select({
      slug: sitePost.slug,
      updatedAt: sitePost.updatedAt,
      publishAt: sitePost.publishAt,
      titleEn: sitePost.titleEn,
    })
    .from(sitePost)
    .where(isPublic())
    .orderBy(desc(sitePost.publishAt));
}

/** Serialises contact messages of one address (the rate limit holds under concurrent posts). */
export async function lockAddress(tx: Tx, ipHash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-contact:${ipHash}`}))`);
}

export async function countRecentFrom(tx: Tx, ipHash: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(siteContactMessage)
    .where(and(eq(siteContactMessage.ipHash, ipHash), gte(siteContactMessage.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertContact(
  tx: Tx,
  row: typeof siteContactMessage.$inferInsert,
): Promise<ContactRow> {
  const [created] = await tx.insert(siteContactMessage).values(row).returning();
  return created!;
}

export async function contactMessages(db: Db, limit: number): Promise<ContactRow[]> {
  return db
    .select()
    .from(siteContactMessage)
    .orderBy(asc(siteContactMessage.handled), desc(siteContactMessage.createdAt))
    .limit(limit);
}

export async function setContactHandled(
  tx: Tx,
  id: string,
  handled: boolean,
  by: string | null,
): Promise<ContactRow | null> {
  const [row] = await tx
    .update(siteContactMessage)
    .set({ handled, handledAt: handled ? new Date() : null, handledBy: handled ? by : null })
    .where(eq(siteContactMessage.id, id))
    .returning();
  return row ?? null;
}

export async function anySpecialist(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: siteSpecialist.id }).from(siteSpecialist).limit(1);
  return Boolean(row);
}
