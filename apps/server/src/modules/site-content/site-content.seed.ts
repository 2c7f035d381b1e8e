/**
 * The public site's demo content (SEED_DEMO), written once, when there is no specialist profile yet:
 * the clinic's contact facts, four specialists (the first linked to the demo specialist's account),
 * posts (one draft, one only in Spanish), testimonials with their consent records (one withdrawn),
 * and the texts of the service and community pages (site-content.demo.ts).
 */
import { eq } from 'drizzle-orm';
import { DEMO } from '@painlab/shared/personas';
import {
  sitePageText,
  sitePost,
  siteSetting,
  siteSpecialist,
  siteTestimonial,
  siteTestimonialConsent,
  user,
} from '../../db/schema';
import type { Deps } from '../../http/types';
import {
  DEMO_CLINIC,
  DEMO_PAGE_TEXTS,
  DEMO_POSTS,
  DEMO_SPECIALISTS,
  DEMO_TESTIMONIALS,
} from './site-content.demo';
import { anySpecialist } from './site-content.repository';

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);

export async function seedSiteContent(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anySpecialist(db)) return 0;
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO.specialist));
  return db.transaction(async (tx) => {
    await tx
      .insert(siteSetting)
      .values({ key: 'clinic', value: DEMO_CLINIC })
      .onConflictDoNothing();
    const ids = new Map<string, string>();
    for (const [i, s] of DEMO_SPECIALISTS.entries()) {
      const { linkDemoAccount, ...fields } = s;
      const [row] = await tx
        .insert(siteSpecialist)
        .values({
          ...fields,
          userId: linkDemoAccount ? (account?.id ?? null) : null,
          featured: true,
          sort: i,
        })
        .returning({ id: siteSpecialist.id });
      ids.set(s.slug, row!.id);
    }
    for (const p of DEMO_POSTS) {
      const { author, daysAgo: age, status, ...fields } = p;
      await tx.insert(sitePost).values({
        ...fields,
        authorId: ids.get(author)!,
        status: status ?? 'published',
        publishAt: status === 'draft' ? null : daysAgo(age),
      });
    }
    for (const [i, t] of DEMO_TESTIMONIALS.entries()) {
      const { consentDaysAgo, withdrawn, ...fields } = t;
      const [row] = await tx
        .insert(siteTestimonial)
        .values({ ...fields, sort: i })
        .returning({ id: siteTestimonial.id });
      await tx.insert(siteTestimonialConsent).values({
        testimonialId: row!.id,
        givenBy: t.authorName,
        givenAt: daysAgo(consentDaysAgo),
        method: 'Formulario firmado en consulta',
        text: t.quote,
        withdrawnAt: withdrawn ? daysAgo(2) : null,
      });
    }
    await tx.insert(sitePageText).values(DEMO_PAGE_TEXTS);
    return DEMO_SPECIALISTS.length + DEMO_POSTS.length + DEMO_TESTIMONIALS.length;
  });
}
