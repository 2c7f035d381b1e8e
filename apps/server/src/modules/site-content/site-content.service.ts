/**
 * The public site's content as the pages show it: one language (the visitor's, or Spanish when a text
 * has no English yet: `fallback` says so), Markdown rendered and sanitised, only what is published and
 * consented. And the contact form: checked, limited per address, stored, the clinic told through the
 * outbox, all in one transaction.
 */
import { limitKeyOf } from '../../lib/address-block';
import { derivedKeySecret } from '../../lib/secret';
import { createHmac } from 'node:crypto';
import {
  POSTS_PER_PAGE,
  type ClinicFacts,
  type ContactInput,
  type ContactMessage,
  type PageKey,
  type PageText,
  type PostDetail,
  type PostPage,
  type PostSummary,
  type SiteImage,
  type SiteLang,
  type SpecialistCard,
  type SpecialistDetail,
  type Testimonial,
} from '@painlab/shared/site-content';
import { appendAudit, type Actor } from '../../audit/audit';
import { ApiError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { imageNamesIn, readingMinutes, renderMarkdown } from './markdown';
import * as repo from './site-content.repository';
import { imageSummaries, imagesByVariantNames, type ImageSummary } from './images.repository';
import { toSiteImage } from './images';

/** Contact messages one address may send per window. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

const pick = <T>(
  lang: SiteLang,
  es: T,
  en: T | null | undefined,
): { value: T; fallback: boolean } =>
  lang === 'en' && en != null
    ? { value: en, fallback: false }
    : { value: es, fallback: lang === 'en' };

type Photos = Map<string, ImageSummary>;

const photosOf = (deps: Deps, rows: repo.SpecialistRow[]): Promise<Photos> =>
  imageSummaries(
    deps.database.db,
    rows.flatMap((r) => (r.photoImageId ? [r.photoImageId] : [])),
  );

function card(row: repo.SpecialistRow, lang: SiteLang, photos: Photos): SpecialistCard {
  const photo = row.photoImageId ? photos.get(row.photoImageId) : undefined;
  return {
    photo: photo ? toSiteImage(photo, lang) : null,
    slug: row.slug,
    name: row.name,
    credentials: row.credentials,
    role: pick(lang, row.roleEs, row.roleEn).value,
    photoUrl: row.photoUrl,
    initials: row.initials,
    specialties: pick(lang, row.specialtiesEs, row.specialtiesEn).value,
    languages: row.languages,
  };
}

function summary(
  row: repo.PostRow,
  authors: Map<string, repo.SpecialistRow>,
  lang: SiteLang,
  covers: Photos,
): PostSummary {
  const cover = row.coverImageId ? covers.get(row.coverImageId) : undefined;
  const en = lang === 'en' && row.titleEn != null;
  const author = authors.get(row.authorId);
  const body = en ? row.bodyEn! : row.bodyEs;
  return {
    slug: row.slug,
    lang: en ? 'en' : 'es',
    fallback: lang === 'en' && !en,
    title: en ? row.titleEn! : row.titleEs,
    summary: en ? row.summaryEn! : row.summaryEs,
    tags: row.tags,
    publishedAt: (row.publishAt ?? row.createdAt).toISOString(),
    readingMinutes: readingMinutes(body),
    author: {
      slug: author?.slug ?? '',
      name: author?.name ?? '',
      credentials: author?.credentials ?? '',
    },
    cover: cover ? toSiteImage(cover, lang) : null,
  };
}

async function summaries(deps: Deps, rows: repo.PostRow[], lang: SiteLang): Promise<PostSummary[]> {
  const db = deps.database.db;
  const [authorRows, covers] = await Promise.all([
    repo.specialistsByIds(db, [...new Set(rows.map((r) => r.authorId))]),
    imageSummaries(
      db,
      rows.flatMap((r) => (r.coverImageId ? [r.coverImageId] : [])),
    ),
  ]);
  const authors = new Map(authorRows.map((a) => [a.id, a]));
  return rows.map((r) => summary(r, authors, lang, covers));
}

/**
 * A post's Markdown as HTML, with the images uploaded into it (ADR 0036) looked up first so they
 * are shown at their size with every variant; any other image is removed.
 */
export async function renderPostBody(
  deps: Deps,
  source: string,
  lang: SiteLang,
  postId: string,
): Promise<string> {
  const found = await imagesByVariantNames(deps.database.db, imageNamesIn(source), postId);
  const images = new Map<string, SiteImage>();
  for (const [name, image] of found) {
    const shown = toSiteImage(image, lang);
    if (shown) images.set(name, shown);
  }
  return renderMarkdown(source, images);
}

export async function listSpecialists(deps: Deps, lang: SiteLang): Promise<SpecialistCard[]> {
  const rows = await repo.specialists(deps.database.db);
  const photos = await photosOf(deps, rows);
  return rows.map((r) => card(r, lang, photos));
}

export async function featuredSpecialists(deps: Deps, lang: SiteLang): Promise<SpecialistCard[]> {
  const rows = await repo.specialists(deps.database.db);
  const featured = rows.filter((r) => r.featured);
  const shown = (featured.length ? featured : rows).slice(0, 4);
  const photos = await photosOf(deps, shown);
  return shown.map((r) => card(r, lang, photos));
}

export async function specialist(
  deps: Deps,
  slug: string,
  lang: SiteLang,
): Promise<{ specialist: SpecialistDetail; posts: PostSummary[] } | null> {
  const row = await repo.specialistBySlug(deps.database.db, slug);
  if (!row) return null;
  const bio = pick(lang, row.bioEs, row.bioEn);
  const { rows } = await repo.publicPosts(deps.database.db, {
    authorId: row.id,
    limit: 6,
    offset: 0,
  });
  return {
    specialist: {
      ...card(row, lang, await photosOf(deps, [row])),
      lang: bio.fallback ? 'es' : lang,
      fallback: bio.fallback,
      bioHtml: renderMarkdown(bio.value),
      qualifications: row.qualifications,
    },
    posts: await summaries(deps, rows, lang),
  };
}

/** The blog's page `page` (from 1), with a tag and/or words; a page past the end is empty. */
export async function listPosts(
  deps: Deps,
  lang: SiteLang,
  query: { page?: number; tag?: string; q?: string },
): Promise<PostPage> {
  const page = Math.max(1, Math.min(1000, Math.trunc(query.page ?? 1) || 1));
  const q = query.q?.trim().slice(0, 100) || undefined;
  const tag = query.tag?.trim().slice(0, 60) || undefined;
  const [{ rows, total }, tags] = await Promise.all([
    repo.publicPosts(deps.database.db, {
      ...(tag ? { tag } : {}),
      ...(q ? { q } : {}),
      limit: POSTS_PER_PAGE,
      offset: (page - 1) * POSTS_PER_PAGE,
    }),
    repo.publicTags(deps.database.db),
  ]);
  return {
    items: await summaries(deps, rows, lang),
    page,
    pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
    total,
    tags,
  };
}

export async function latestPosts(deps: Deps, lang: SiteLang, n = 3): Promise<PostSummary[]> {
  const { rows } = await repo.publicPosts(deps.database.db, { limit: n, offset: 0 });
  return summaries(deps, rows, lang);
}

export async function post(deps: Deps, slug: string, lang: SiteLang): Promise<PostDetail | null> {
  const row = await repo.publicPostBySlug(deps.database.db, slug);
  if (!row) return null;
  const related = await repo.relatedPosts(deps.database.db, row, 3);
  const [main, ...others] = await summaries(deps, [row, ...related], lang);
  const en = main!.lang === 'en';
  return {
    ...main!,
    bodyHtml: await renderPostBody(deps, en ? row.bodyEn! : row.bodyEs, main!.lang, row.id),
    related: others,
  };
}

export async function testimonials(
  deps: Deps,
  lang: SiteLang,
  limit?: number,
): Promise<Testimonial[]> {
  return (await repo.consentedTestimonials(deps.database.db, limit)).map((r) => {
    // the words as written; a translation only for a visitor of the other language
    const translated = r.lang !== lang && r.translation != null;
    const context = pick(lang, r.contextEs, r.contextEn);
    return {
      id: r.id,
      authorName: r.authorName,
      context: context.value,
      quote: translated ? r.translation! : r.quote,
      lang: translated ? lang : r.lang,
      fallback: r.lang !== lang && !translated,
      rating: r.rating,
      consentedAt: r.consentedAt.toISOString().slice(0, 10),
    };
  });
}

export async function pageText(
  deps: Deps,
  page: PageKey,
  lang: SiteLang,
): Promise<PageText | null> {
  const rows = await repo.pageTexts(deps.database.db, page);
  const row = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'es') ?? rows[0];
  if (!row) return null;
  return {
    page,
    lang: row.lang,
    fallback: row.lang !== lang,
    title: row.title,
    summary: row.summary,
    bodyHtml: renderMarkdown(row.body),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface StoredClinic {
  street: string;
  postalCode: string;
  city: string;
  region: string;
  country: string;
  phone: string;
  email: string;
  hoursEs: string[];
  hoursEn: string[];
  openingHours: string[];
  mapUrl: string;
}

export async function clinic(deps: Deps, lang: SiteLang): Promise<ClinicFacts | null> {
  const stored = (await repo.setting(deps.database.db, 'clinic')) as StoredClinic | null;
  if (!stored) return null;
  const { hoursEs, hoursEn, ...rest } = stored;
  return { name: deps.env.CLINIC_NAME, ...rest, hours: lang === 'en' ? hoursEn : hoursEs };
}

export async function sitemapPosts(deps: Deps) {
  return repo.postsForSitemap(deps.database.db);
}

export async function sitemapSpecialists(deps: Deps) {
  return repo.specialists(deps.database.db);
}

// ---- contact form ----

function addressKey(deps: Deps, ip: string | null): string {
  const key = derivedKeySecret(deps.env);
  return createHmac('sha256', key)
    .update(ip ? limitKeyOf(ip) : 'unknown')
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Stores a contact message and queues the clinic's notification, in one transaction. The honeypot
 * (`website` filled in) is answered as a success and stores nothing. An address past its limit gets
 * 429 `rate_limited` and nothing is stored.
 */
export async function submitContact(
  deps: Deps,
  input: ContactInput,
  ip: string | null,
  lang: SiteLang,
): Promise<{ stored: boolean; retryAfterS?: number }> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  const ipHash = addressKey(deps, ip);
  const facts = await clinic(deps, lang);
  return deps.database.db.transaction(async (tx) => {
    await repo.lockAddress(tx, ipHash);
    const recent = await repo.countRecentFrom(
      tx,
      ipHash,
      new Date(Date.now() - CONTACT_LIMIT.windowMs),
    );
    if (recent >= CONTACT_LIMIT.max)
      return { stored: false, retryAfterS: Math.ceil(CONTACT_LIMIT.windowMs / 1000) };
    const row = await repo.insertContact(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone ? input.phone : null,
      reason: input.reason,
      message: input.message,
      lang,
      consent: input.consent,
      ipHash,
    });
    await enqueue(tx, {
      channel: 'email',
      to: facts?.email ?? 'recepcion@painlab.example',
      language: null,
      template: 'site.contact_message',
      params: {
        clinic: deps.env.CLINIC_NAME,
        name: row.name,
        email: row.email,
        phone: row.phone,
        reason: row.reason,
        message: row.message,
        link: `${deps.env.BASE_URL ?? ''}/admin/contact-messages`,
      },
      dedupeKey: `site-contact:${row.id}`,
    });
    return { stored: true };
  });
}

const toMessage = (r: repo.ContactRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  reason: r.reason,
  message: r.message,
  lang: r.lang,
  handled: r.handled,
  handledAt: r.handledAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function listContactMessages(deps: Deps, actor: Actor): Promise<ContactMessage[]> {
  const rows = await repo.contactMessages(deps.database.db, 200);
  await deps.database.db.transaction((tx) =>
    appendAudit(tx, {
      ...auditActor(actor),
      outcome: 'success',
      action: 'site.contact_messages.list',
      resource: 'site_contact_message',
      recordId: null,
    }),
  );
  return rows.map(toMessage);
}

export async function markContactHandled(
  deps: Deps,
  actor: Actor,
  id: string,
  handled: boolean,
): Promise<ContactMessage> {
  return deps.database.db.transaction(async (tx) => {
    const row = await repo.setContactHandled(tx, id, handled, actor.userId);
    if (!row) throw new ApiError(404, 'not_found');
    await appendAudit(tx, {
      ...auditActor(actor),
      outcome: 'success',
      action: handled ? 'site.contact_message.handled' : 'site.contact_message.reopened',
      resource: 'site_contact_message',
      recordId: id,
    });
    return toMessage(row);
  });
}

function auditActor(actor: Actor) {
  return {
    actorUserId: actor.userId,
    actorRole: actor.role,
    ip: actor.ip,
    requestId: actor.requestId,
  };
}
