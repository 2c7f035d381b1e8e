/**
 * Staff editing of the public site's content (issue 10 "Editing (staff)", ADR 0027). The route guard
 * checks the `site_content` permission (SPEC §6 matrix, packages/shared/src/permissions.ts); the row
 * rules are here: an administrator edits everything; a specialist only the profiles linked to their
 * account and the posts those profiles author, and neither testimonials (they hold what patients
 * wrote and consented to) nor the service and community pages. Every write is one transaction with
 * its audit row and a version check (a stale version is 409), and empties the kept public pages
 * after its commit (ADR 0024) so the next visitor sees the edit.
 */
import {
  type ConsentInput,
  type ImageAlt,
  type PageKey,
  type PageTextInput,
  type PostImage,
  type PostInput,
  type PostUpdate,
  type SiteLang,
  type SpecialistInput,
  type SpecialistUpdate,
  type StaffPageText,
  type StaffPost,
  type StaffSpecialist,
  type StaffTestimonial,
  type TestimonialInput,
  type TestimonialUpdate,
} from '@painlab/shared/site-content';
import type { PermissionTerm } from '@painlab/shared/errors';
import { appendAudit, auditEvent, type Actor, type Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import * as repo from './editor.repository';
import * as images from './images.repository';
import { imageUrl, processImage, toStaffPhoto } from './images';
import type { Db } from '../../db/client';
import { renderMarkdown } from './markdown';
import { renderPostBody } from './site-content.service';
import { uniqueViolation } from '../../db/errors';
import { refuseAudited } from '../../audit/refusals';

const isAdmin = (actor: Actor) => actor.role === 'admin';

/** Records a refusal decided here (the guard records its own) and throws the 403. */
function refuse(
  deps: Deps,
  actor: Actor,
  action: PermissionTerm,
  what: string,
  recordId: string | null,
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    auditEvent(actor, {
      action: 'access.denied',
      outcome: 'denied',
      resource: 'site_content',
      recordId,
      details: { reason: 'not_own_content', what },
    }),
    { action, resource: 'site_content' },
  );
}

async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  recordId: string | null,
  details: Record<string, string> | null = null,
) {
  await appendAudit(
    tx,
    auditEvent(actor, { action, outcome: 'success', resource: 'site_content', recordId, details }),
  );
}

/** Runs a write and, once it has committed, lets the public pages show it at once. */
async function write<T>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await deps.database.db.transaction(work);
  } catch (error) {
    // two saves racing past the checks: a slug taken in between, or the same new row twice
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw constraint.includes('slug')
      ? DomainError.invalidField('slug', 'slug_taken')
      : DomainError.conflict();
  }
  deps.pageCache?.clear();
  return result;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- specialists ----

function toSpecialist(
  row: repo.SpecialistRow,
  actor: Actor,
  photos: Map<string, images.ImageSummary> = new Map(),
): StaffSpecialist {
  const photo = row.photoImageId ? photos.get(row.photoImageId) : undefined;
  return {
    id: row.id,
    photo: photo ? toStaffPhoto(photo) : null,
    slug: row.slug,
    name: row.name,
    credentials: row.credentials,
    initials: row.initials,
    roleEs: row.roleEs,
    roleEn: row.roleEn,
    specialtiesEs: row.specialtiesEs,
    specialtiesEn: row.specialtiesEn,
    languages: row.languages,
    qualifications: row.qualifications,
    bioEs: row.bioEs,
    bioEn: row.bioEn,
    published: row.published,
    own: row.userId !== null && row.userId === actor.userId,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The profiles `actor` may edit: all for an administrator, their own for a specialist. */
async function editableSpecialists(deps: Deps, actor: Actor): Promise<repo.SpecialistRow[]> {
  if (isAdmin(actor)) return repo.allSpecialists(deps.database.db);
  if (!actor.userId) return [];
  return repo.allSpecialists(deps.database.db, actor.userId);
}

const photosOf = (db: Db | Tx, rows: repo.SpecialistRow[]) =>
  images.imageSummaries(
    db,
    rows.flatMap((r) => (r.photoImageId ? [r.photoImageId] : [])),
  );

export async function listSpecialists(deps: Deps, actor: Actor): Promise<StaffSpecialist[]> {
  const rows = await editableSpecialists(deps, actor);
  const photos = await photosOf(deps.database.db, rows);
  return rows.map((r) => toSpecialist(r, actor, photos));
}

const specialistValues = (input: SpecialistInput) => ({
  slug: input.slug,
  name: input.name,
  credentials: input.credentials,
  initials: input.initials.toUpperCase(),
  roleEs: input.roleEs,
  roleEn: input.roleEn,
  specialtiesEs: input.specialtiesEs,
  specialtiesEn: input.specialtiesEn,
  languages: input.languages,
  qualifications: input.qualifications,
  bioEs: input.bioEs,
  bioEn: input.bioEn,
  published: input.published,
});

export async function createSpecialist(
  deps: Deps,
  actor: Actor,
  input: SpecialistInput,
): Promise<StaffSpecialist> {
  // a specialist's profile is created by an administrator, who links it to their account
  if (!isAdmin(actor)) await refuse(deps, actor, 'create', 'specialist', null);
  return write(deps, async (tx) => {
    if (await repo.specialistSlugTaken(tx, input.slug))
      throw DomainError.invalidField('slug', 'slug_taken');
    const row = await repo.insertSpecialist(tx, specialistValues(input));
    await audit(tx, actor, 'site.specialist.created', row.id);
    return toSpecialist(row, actor);
  });
}

export async function updateSpecialist(
  deps: Deps,
  actor: Actor,
  id: string,
  input: SpecialistUpdate,
): Promise<StaffSpecialist> {
  const current = await repo.specialistById(deps.database.db, id);
  if (!current) throw DomainError.notFound();
  if (!isAdmin(actor) && (current.userId === null || current.userId !== actor.userId))
    await refuse(deps, actor, 'edit', 'specialist', id);
  const { version, ...rest } = input;
  return write(deps, async (tx) => {
    if (await repo.specialistSlugTaken(tx, rest.slug, id))
      throw DomainError.invalidField('slug', 'slug_taken');
    const row = await repo.updateSpecialist(tx, id, version, specialistValues(rest));
    if (row === null) throw DomainError.notFound();
    if (row === 'conflict') throw DomainError.conflict();
    await audit(tx, actor, 'site.specialist.updated', id);
    return toSpecialist(row, actor, await photosOf(tx, [row]));
  });
}

/** The profile `actor` may change the photo of: any for an administrator, their own otherwise. */
async function ownSpecialist(deps: Deps, actor: Actor, id: string, what: string) {
  const current = await repo.specialistById(deps.database.db, id);
  if (!current) throw DomainError.notFound();
  if (!isAdmin(actor) && (current.userId === null || current.userId !== actor.userId))
    await refuse(deps, actor, 'edit', what, id);
  return current;
}

/**
 * Sets a profile's photo from an uploaded file: decoded, checked, upright, without metadata,
 * resized (images.ts) before the transaction; the old photo and its variants are deleted with it.
 * The profile's `version` is left alone: a photo does not conflict with an open text edit.
 */
export async function uploadSpecialistPhoto(
  deps: Deps,
  actor: Actor,
  id: string,
  bytes: Uint8Array,
  alt: ImageAlt,
): Promise<StaffSpecialist> {
  await ownSpecialist(deps, actor, id, 'specialist_photo');
  const image = await processImage(bytes, { square: true });
  return write(deps, async (tx) => {
    const locked = await images.lockSpecialistPhoto(tx, id);
    if (!locked) throw DomainError.notFound();
    const imageId = await images.insertImage(tx, image, {
      altEs: alt.altEs,
      altEn: alt.altEn,
      uploadedBy: actor.userId ?? null,
    });
    await images.setSpecialistPhoto(tx, id, imageId);
    if (locked.photoImageId) await images.deleteImage(tx, locked.photoImageId);
    await audit(tx, actor, 'site.specialist.photo_uploaded', id, {
      imageId,
      variants: String(image.variants.length),
    });
    const row = (await repo.specialistById(tx, id))!;
    return toSpecialist(row, actor, await photosOf(tx, [row]));
  });
}

/** Removes a profile's photo (the pages show the initials again). */
export async function removeSpecialistPhoto(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<StaffSpecialist> {
  await ownSpecialist(deps, actor, id, 'specialist_photo');
  return write(deps, async (tx) => {
    const locked = await images.lockSpecialistPhoto(tx, id);
    if (!locked) throw DomainError.notFound();
    if (locked.photoImageId) {
      await images.setSpecialistPhoto(tx, id, null);
      await images.deleteImage(tx, locked.photoImageId);
      await audit(tx, actor, 'site.specialist.photo_removed', id);
    }
    return toSpecialist((await repo.specialistById(tx, id))!, actor);
  });
}

// ---- posts ----

function toPost(
  row: repo.PostRow,
  author: repo.SpecialistRow | undefined,
  covers: Map<string, images.ImageSummary> = new Map(),
): StaffPost {
  const cover = row.coverImageId ? covers.get(row.coverImageId) : undefined;
  return {
    cover: cover ? toStaffPhoto(cover) : null,
    id: row.id,
    slug: row.slug,
    authorSlug: author?.slug ?? '',
    authorName: author?.name ?? '',
    status: row.status,
    publishAt: iso(row.publishAt),
    live: Boolean(row.live),
    tags: row.tags,
    titleEs: row.titleEs,
    summaryEs: row.summaryEs,
    bodyEs: row.bodyEs,
    titleEn: row.titleEn,
    summaryEn: row.summaryEn,
    bodyEn: row.bodyEn,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPosts(deps: Deps, actor: Actor): Promise<StaffPost[]> {
  const authors = await editableSpecialists(deps, actor);
  const byId = new Map(authors.map((a) => [a.id, a]));
  const rows = await repo.allPosts(
    deps.database.db,
    isAdmin(actor) ? undefined : authors.map((a) => a.id),
  );
  const missing = rows.some((r) => !byId.has(r.authorId));
  if (missing) for (const a of await repo.allSpecialists(deps.database.db)) byId.set(a.id, a);
  const covers = await coversOf(deps.database.db, rows);
  return rows.map((r) => toPost(r, byId.get(r.authorId), covers));
}

const coversOf = (db: Db | Tx, rows: repo.PostRow[]) =>
  images.imageSummaries(
    db,
    rows.flatMap((r) => (r.coverImageId ? [r.coverImageId] : [])),
  );

/** The post `actor` may change: any for an administrator, one they wrote otherwise. */
async function ownPost(deps: Deps, actor: Actor, id: string, what: string) {
  const current = await repo.postById(deps.database.db, id);
  if (!current) throw DomainError.notFound();
  if (!isAdmin(actor)) {
    const owner = await repo.specialistById(deps.database.db, current.authorId);
    if (!owner || owner.userId === null || owner.userId !== actor.userId)
      await refuse(deps, actor, 'edit', what, id);
  }
  return current;
}

/**
 * Sets a post's cover from an uploaded file (checked and resized as a profile photo, not cropped);
 * the old cover is deleted with it. The post's `version` is left alone, as for a photo.
 */
export async function uploadPostCover(
  deps: Deps,
  actor: Actor,
  id: string,
  bytes: Uint8Array,
  alt: ImageAlt,
): Promise<StaffPost> {
  await ownPost(deps, actor, id, 'post_cover');
  const image = await processImage(bytes, { square: false });
  return write(deps, async (tx) => {
    const locked = await images.lockPostCover(tx, id);
    if (!locked) throw DomainError.notFound();
    const imageId = await images.insertImage(tx, image, {
      altEs: alt.altEs,
      altEn: alt.altEn,
      uploadedBy: actor.userId ?? null,
      postId: id,
    });
    await images.setPostCover(tx, id, imageId);
    if (locked.coverImageId) await images.deleteImage(tx, locked.coverImageId);
    await audit(tx, actor, 'site.post.cover_uploaded', id, {
      imageId,
      variants: String(image.variants.length),
    });
    return postAsStaff(tx, id);
  });
}

/** Removes a post's cover. */
export async function removePostCover(deps: Deps, actor: Actor, id: string): Promise<StaffPost> {
  await ownPost(deps, actor, id, 'post_cover');
  return write(deps, async (tx) => {
    const locked = await images.lockPostCover(tx, id);
    if (!locked) throw DomainError.notFound();
    if (locked.coverImageId) {
      await images.setPostCover(tx, id, null);
      await images.deleteImage(tx, locked.coverImageId);
      await audit(tx, actor, 'site.post.cover_removed', id);
    }
    return postAsStaff(tx, id);
  });
}

/**
 * Stores an image to show inside a post's text: checked and resized like a cover, owned by the post
 * (deleted with it). Answers its address and the Markdown to paste, with the Spanish alt text (the
 * English text's copy takes the English one).
 */
export async function uploadPostImage(
  deps: Deps,
  actor: Actor,
  id: string,
  bytes: Uint8Array,
  alt: ImageAlt,
): Promise<PostImage> {
  await ownPost(deps, actor, id, 'post_image');
  const image = await processImage(bytes, { square: false });
  return write(deps, async (tx) => {
    if (!(await images.lockPostCover(tx, id))) throw DomainError.notFound();
    const imageId = await images.insertImage(tx, image, {
      altEs: alt.altEs,
      altEn: alt.altEn,
      uploadedBy: actor.userId ?? null,
      postId: id,
    });
    await audit(tx, actor, 'site.post.image_uploaded', id, { imageId });
    const largest = image.variants.filter((v) => v.format === 'jpeg').at(-1)!;
    const url = imageUrl(largest.name);
    const mdAlt = (text: string) =>
      text
        .replace(/[[\]\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return {
      url,
      width: largest.width,
      height: largest.height,
      markdown: `![${mdAlt(alt.altEs)}](${url})`,
      markdownEn: `![${mdAlt(alt.altEn)}](${url})`,
    };
  });
}

async function postAsStaff(tx: Tx, id: string): Promise<StaffPost> {
  const row = (await repo.postById(tx, id))!;
  const author = await repo.specialistById(tx, row.authorId);
  return toPost(row, author ?? undefined, await coversOf(tx, [row]));
}

/** The checks a post's input needs beyond its schema; the values to store. */
function postValues(input: PostInput, authorId: string) {
  const en = [input.titleEn, input.summaryEn, input.bodyEn];
  if (en.some((v) => v === null) && en.some((v) => v !== null))
    throw DomainError.invalidField(
      en[0] === null ? 'titleEn' : en[1] === null ? 'summaryEn' : 'bodyEn',
      'english_incomplete',
    );
  if (input.status === 'scheduled' && !input.publishAt)
    throw DomainError.invalidField('publishAt', 'required');
  const publishAt =
    input.publishAt !== null
      ? new Date(input.publishAt)
      : input.status === 'published'
        ? new Date()
        : null;
  return {
    slug: input.slug,
    authorId,
    status: input.status,
    publishAt,
    tags: [...new Set(input.tags.map((t) => t.toLowerCase()))],
    titleEs: input.titleEs,
    summaryEs: input.summaryEs,
    bodyEs: input.bodyEs,
    titleEn: input.titleEn,
    summaryEn: input.summaryEn,
    bodyEn: input.bodyEn,
  };
}

/** The author a post names, if `actor` may write as them. */
async function authorFor(
  deps: Deps,
  actor: Actor,
  slug: string,
  action: 'create' | 'edit',
  recordId: string | null,
): Promise<repo.SpecialistRow> {
  const author = await repo.specialistBySlugAny(deps.database.db, slug);
  if (!author) throw DomainError.invalidField('authorSlug', 'unknown_author');
  if (!isAdmin(actor) && (author.userId === null || author.userId !== actor.userId))
    await refuse(deps, actor, action, 'post', recordId);
  return author;
}

export async function createPost(deps: Deps, actor: Actor, input: PostInput): Promise<StaffPost> {
  const author = await authorFor(deps, actor, input.authorSlug, 'create', null);
  const values = postValues(input, author.id);
  return write(deps, async (tx) => {
    if (await repo.postSlugTaken(tx, input.slug))
      throw DomainError.invalidField('slug', 'slug_taken');
    const id = await repo.insertPost(tx, values);
    await audit(tx, actor, 'site.post.created', id);
    return toPost((await repo.postById(tx, id))!, author);
  });
}

export async function updatePost(
  deps: Deps,
  actor: Actor,
  id: string,
  input: PostUpdate,
): Promise<StaffPost> {
  const current = await ownPost(deps, actor, id, 'post');
  const { version, ...rest } = input;
  const author = await authorFor(deps, actor, rest.authorSlug, 'edit', id);
  const values = postValues(rest, author.id);
  return write(deps, async (tx) => {
    if (await repo.postSlugTaken(tx, rest.slug, id))
      throw DomainError.invalidField('slug', 'slug_taken');
    const done = await repo.updatePost(tx, id, version, values);
    if (done === null) throw DomainError.notFound();
    if (done === 'conflict') throw DomainError.conflict();
    const action =
      current.status !== values.status
        ? values.status === 'draft'
          ? 'site.post.unpublished'
          : `site.post.${values.status}`
        : 'site.post.updated';
    await audit(tx, actor, action, id);
    const row = (await repo.postById(tx, id))!;
    return toPost(row, author, await coversOf(tx, [row]));
  });
}

/** Deleting is the matrix's `delete` (administrators); the guard has checked it. */
export async function deletePost(deps: Deps, actor: Actor, id: string): Promise<void> {
  await write(deps, async (tx) => {
    if (!(await repo.deletePost(tx, id))) throw DomainError.notFound();
    await audit(tx, actor, 'site.post.deleted', id);
  });
}

// ---- testimonials (administrators) ----

async function adminOnly(deps: Deps, actor: Actor, action: PermissionTerm, what: string) {
  if (!isAdmin(actor)) await refuse(deps, actor, action, what, null);
}

function toTestimonial(row: repo.TestimonialRow, consents: repo.ConsentRow[]): StaffTestimonial {
  const mine = consents.filter((c) => c.testimonialId === row.id);
  return {
    id: row.id,
    authorName: row.authorName,
    contextEs: row.contextEs,
    contextEn: row.contextEn,
    lang: row.lang,
    quote: row.quote,
    translation: row.translation,
    rating: row.rating,
    live: mine.some((c) => c.withdrawnAt === null && c.text === row.quote),
    consents: mine.map((c) => ({
      id: c.id,
      givenBy: c.givenBy,
      givenAt: c.givenAt.toISOString(),
      method: c.method,
      text: c.text,
      withdrawnAt: iso(c.withdrawnAt),
      current: c.text === row.quote,
    })),
    version: row.version,
  };
}

async function oneTestimonial(q: Tx, id: string): Promise<StaffTestimonial> {
  const row = await repo.testimonialById(q, id);
  if (!row) throw DomainError.notFound();
  return toTestimonial(row, await repo.consentsOf(q, [id]));
}

export async function listTestimonials(deps: Deps, actor: Actor): Promise<StaffTestimonial[]> {
  await adminOnly(deps, actor, 'view', 'testimonials');
  const rows = await repo.allTestimonials(deps.database.db);
  const consents = await repo.consentsOf(
    deps.database.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toTestimonial(r, consents));
}

const testimonialValues = (input: TestimonialInput) => ({
  authorName: input.authorName,
  contextEs: input.contextEs,
  contextEn: input.contextEn,
  lang: input.lang,
  quote: input.quote,
  translation: input.translation,
  rating: input.rating,
});

/** A new testimonial shows nowhere until a consent for its text is recorded. */
export async function createTestimonial(
  deps: Deps,
  actor: Actor,
  input: TestimonialInput,
): Promise<StaffTestimonial> {
  await adminOnly(deps, actor, 'create', 'testimonials');
  return write(deps, async (tx) => {
    const id = await repo.insertTestimonial(tx, testimonialValues(input));
    await audit(tx, actor, 'site.testimonial.created', id);
    return oneTestimonial(tx, id);
  });
}

/** Changing the words leaves the old consent on the old words: hidden until consented again. */
export async function updateTestimonial(
  deps: Deps,
  actor: Actor,
  id: string,
  input: TestimonialUpdate,
): Promise<StaffTestimonial> {
  await adminOnly(deps, actor, 'edit', 'testimonials');
  const { version, ...rest } = input;
  return write(deps, async (tx) => {
    const done = await repo.updateTestimonial(tx, id, version, testimonialValues(rest));
    if (done === null) throw DomainError.notFound();
    if (done === 'conflict') throw DomainError.conflict();
    await audit(tx, actor, 'site.testimonial.updated', id);
    return oneTestimonial(tx, id);
  });
}

/** Records who consented, when, how, to the text of the testimonial's `version`. */
export async function recordConsent(
  deps: Deps,
  actor: Actor,
  id: string,
  input: ConsentInput,
): Promise<StaffTestimonial> {
  await adminOnly(deps, actor, 'edit', 'testimonials');
  const givenAt = new Date(input.givenAt);
  if (givenAt.getTime() > Date.now() + 60_000)
    throw DomainError.invalidField('givenAt', 'in_future');
  return write(deps, async (tx) => {
    const row = await repo.lockTestimonial(tx, id);
    if (!row) throw DomainError.notFound();
    // the text consented to is the one the editor showed: a text changed since is a conflict
    if (row.version !== input.version) throw DomainError.conflict();
    const consent = await repo.insertConsent(tx, {
      testimonialId: id,
      givenBy: input.givenBy,
      givenAt,
      method: input.method,
      text: row.quote,
      recordedBy: actor.userId,
    });
    await audit(tx, actor, 'site.testimonial.consent_recorded', consent.id);
    return oneTestimonial(tx, id);
  });
}

/** Withdraws every consent in force: the testimonial leaves every public page at once. */
export async function withdrawConsent(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<StaffTestimonial> {
  await adminOnly(deps, actor, 'edit', 'testimonials');
  return write(deps, async (tx) => {
    const row = await repo.lockTestimonial(tx, id);
    if (!row) throw DomainError.notFound();
    await repo.withdrawConsents(tx, id);
    await audit(tx, actor, 'site.testimonial.consent_withdrawn', id);
    return oneTestimonial(tx, id);
  });
}

export async function deleteTestimonial(deps: Deps, actor: Actor, id: string): Promise<void> {
  await write(deps, async (tx) => {
    if (!(await repo.deleteTestimonial(tx, id))) throw DomainError.notFound();
    await audit(tx, actor, 'site.testimonial.deleted', id);
  });
}

// ---- page texts (administrators) ----

const toPageText = (r: repo.PageTextRow): StaffPageText => ({
  page: r.page,
  lang: r.lang,
  title: r.title,
  summary: r.summary,
  body: r.body,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listPageTexts(deps: Deps, actor: Actor): Promise<StaffPageText[]> {
  await adminOnly(deps, actor, 'view', 'pages');
  return (await repo.allPageTexts(deps.database.db)).map(toPageText);
}

export async function savePageText(
  deps: Deps,
  actor: Actor,
  page: PageKey,
  lang: SiteLang,
  input: PageTextInput,
): Promise<StaffPageText> {
  await adminOnly(deps, actor, 'edit', 'pages');
  const { version, ...values } = input;
  return write(deps, async (tx) => {
    const row = await repo.savePageText(tx, { page, lang }, version, values);
    if (row === 'conflict') throw DomainError.conflict();
    await audit(tx, actor, 'site.page_text.saved', null, { page, lang });
    return toPageText(row);
  });
}

/**
 * The editor's preview: the Markdown as the public page will show it (sanitised). A post's text
 * (`postId`) shows that post's uploaded images; biographies and page texts show none, as published.
 */
export async function preview(
  deps: Deps,
  input: { markdown: string; postId?: string | undefined },
): Promise<{ html: string }> {
  return {
    html: input.postId
      ? await renderPostBody(deps, input.markdown, 'es', input.postId)
      : renderMarkdown(input.markdown),
  };
}
