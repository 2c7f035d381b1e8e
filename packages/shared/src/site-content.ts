/**
 * The public site's content (issue 10): specialists, blog posts, consented testimonials, the texts of
 * the service and community pages, the clinic's contact facts, and the contact form. The server reads
 * them from the database (apps/server/src/modules/site-content) and hands them, already rendered and
 * sanitised, to the site page renderer (apps/web/src/site). Both sides import these types; the site
 * pages import nothing else from here but plain constants (no zod in the browser).
 */
import { z } from 'zod';
import type { WorkshopFormState, WorkshopMarket, WorkshopResult, WorkshopView } from './workshops';

export const SITE_LANGS = ['es', 'en'] as const;
export type SiteLang = (typeof SITE_LANGS)[number];

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const CONTACT_REASONS = ['first_visit', 'workshop', 'other'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** The pages whose texts are stored per language (site_page_text.page). */
export const PAGE_KEYS = ['chronic-pain-therapy', 'stress-workshops', 'cero-dolor'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Blog pages hold this many posts. */
export const POSTS_PER_PAGE = 6;

/** A contact form's limits: what the server accepts. */
export const CONTACT_LIMITS = { name: 120, email: 254, phone: 40, message: 4000 } as const;

/** Content shown in one language; `fallback` says the visitor's language was missing. */
export interface Localised {
  /** The language the text is actually in. */
  lang: SiteLang;
  /** True when the requested language had no text and the other one is shown. */
  fallback: boolean;
}

/**
 * An image uploaded in the site editor, as a page shows it (ADR 0034): WebP and JPEG at each
 * width, content-hashed public addresses, the intrinsic size of the largest, alt text in the
 * visitor's language.
 */
export interface SiteImage {
  alt: string;
  width: number;
  height: number;
  /** The smallest JPEG: the `<img>` fallback. */
  src: string;
  /** `url 320w, url 640w, …` for `<source type="image/webp">`. */
  srcsetWebp: string;
  srcsetJpeg: string;
}

/** Image types an upload may be (decided by decoding it, never by its name or declared type). */
export const SITE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest upload, in bytes (8 MiB); a larger body is a 413. */
export const SITE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels an upload may have (width × height), so a small file cannot unpack into gigabytes. */
export const SITE_IMAGE_MAX_PIXELS = 40_000_000;
/** The widths made at upload (never larger than the image itself). */
export const SITE_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The longest alt text. */
export const SITE_IMAGE_ALT_MAX = 250;

export interface SpecialistCard {
  slug: string;
  name: string;
  /** Credentials as the specialist writes them after their name (e.g. "MD, PhD"). */
  credentials: string;
  role: string;
  photoUrl: string | null;
  /** The photo uploaded in the site editor (ADR 0034), when there is one; wins over `photoUrl`. */
  photo: SiteImage | null;
  initials: string;
  specialties: string[];
  /** ISO 639-1 codes of the languages they see patients in. */
  languages: string[];
}

export interface SpecialistDetail extends SpecialistCard, Localised {
  /** The biography, Markdown rendered and sanitised. */
  bioHtml: string;
  /** Registration numbers and degrees, one per line. */
  qualifications: string[];
}

export interface PostSummary extends Localised {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  /** ISO timestamp. */
  publishedAt: string;
  readingMinutes: number;
  author: { slug: string; name: string; credentials: string };
  /** The cover uploaded in the site editor (ADR 0036), or null. */
  cover: SiteImage | null;
}

export interface PostDetail extends PostSummary {
  /** The body, Markdown rendered and sanitised. */
  bodyHtml: string;
  related: PostSummary[];
}

export interface PostPage {
  items: PostSummary[];
  page: number;
  pages: number;
  total: number;
  tags: string[];
}

export interface Testimonial extends Localised {
  id: string;
  authorName: string;
  context: string;
  quote: string;
  rating: number;
  /** ISO date of the recorded consent. */
  consentedAt: string;
}

export interface PageText extends Localised {
  page: PageKey;
  title: string;
  summary: string;
  /** Markdown rendered and sanitised. */
  bodyHtml: string;
  updatedAt: string;
}

export interface ClinicFacts {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  region: string;
  country: string;
  phone: string;
  email: string;
  /** Opening hours as shown, one line per entry, in the page's language. */
  hours: string[];
  /** schema.org openingHours values ("Mo-Th 09:00-19:00"). */
  openingHours: string[];
  mapUrl: string;
}

// ---- the contact form ----

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROL = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const line = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .max(max, { error: 'too_long' })
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'invalid' });

/** What the contact form sends (JSON or form-encoded). `website` is the honeypot: people leave it empty. */
export const contactInputSchema = z.strictObject({
  name: line(CONTACT_LIMITS.name).min(1, { error: 'required' }),
  email: line(CONTACT_LIMITS.email)
    .min(1, { error: 'required' })
    .pipe(z.email({ error: 'invalid_email' })),
  phone: line(CONTACT_LIMITS.phone)
    .regex(/^[+()\d\s.-]*$/, { error: 'invalid_phone' })
    .optional(),
  reason: z.enum(CONTACT_REASONS, { error: 'invalid_reason' }),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(CONTACT_LIMITS.message, { error: 'too_long' })
    .regex(NO_CONTROL, { error: 'invalid' }),
  consent: z.literal(true, { error: 'consent_required' }),
  website: z.string().max(200).optional(),
  lang: z.enum(SITE_LANGS).optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** The field errors a contact form can show (site texts `contact.errors.<code>`). */
export const CONTACT_FIELD_ERRORS = [
  'required',
  'too_long',
  'invalid',
  'invalid_email',
  'invalid_phone',
  'invalid_reason',
  'consent_required',
] as const;
export type ContactFieldError = (typeof CONTACT_FIELD_ERRORS)[number];
export type ContactField = 'name' | 'email' | 'phone' | 'reason' | 'message' | 'consent';

export const contactResultSchema = z.object({ ok: z.literal(true) });

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  reason: ContactReason;
  message: string;
  lang: SiteLang;
  handled: boolean;
  handledAt: string | null;
  createdAt: string;
}

// ---- what the server hands the site page renderer (apps/web/src/site/public) ----

export interface ContactFormState {
  values: Partial<Record<'name' | 'email' | 'phone' | 'reason' | 'message' | 'consent', string>>;
  errors: Partial<Record<ContactField, ContactFieldError>>;
  /** `sent`: the message was stored; `rate_limited`: too many from this address. */
  status: 'sent' | 'rate_limited' | null;
}

export type SitePageData =
  | {
      page: 'home';
      specialists: SpecialistCard[];
      posts: PostSummary[];
      testimonials: Testimonial[];
      contact: ContactFormState;
    }
  | {
      page: 'service';
      key: 'chronic-pain-therapy' | 'stress-workshops';
      text: PageText;
      team: SpecialistCard[];
    }
  | { page: 'community'; text: PageText }
  | { page: 'blog'; list: PostPage; tag: string | null; q: string | null }
  | { page: 'post'; post: PostDetail }
  | { page: 'specialists'; specialists: SpecialistCard[] }
  | { page: 'specialist'; specialist: SpecialistDetail; posts: PostSummary[] }
  | { page: 'testimonials'; testimonials: Testimonial[] }
  | { page: 'contact'; contact: ContactFormState }
  | {
      page: 'workshops';
      market: WorkshopMarket;
      workshops: WorkshopView[];
      form: WorkshopFormState;
    }
  | { page: 'workshop-result'; result: WorkshopResult }
  | { page: 'not-found' };

export interface SitePageInput {
  lang: SiteLang;
  /** The page's path without the query (`/blog/que-es-el-dolor-cronico`). */
  path: string;
  /** The query of the page itself (blog page, tag, words), without `lang`. */
  query: string;
  /** The site's public origin, for canonical links and Open Graph. */
  origin: string;
  clinicName: string;
  clinic: ClinicFacts | null;
  data: SitePageData;
}

/** The public pages the server renders (besides /login), for the service worker and the server. */
export const SITE_PUBLIC_PATHS = [
  '/',
  '/index',
  '/servicios/terapia-dolor-cronico',
  '/servicios/talleres-manejo-estres',
  '/cerodolor',
  '/blog',
  '/especialistas',
  '/testimonios',
  '/contacto',
  '/taller',
  '/taller-USA',
  '/taller/inscripcion',
  '/taller/anular',
  '/taller/confirmar',
] as const;
/** Path prefixes followed by one slug. */
export const SITE_PUBLIC_PREFIXES = ['/blog/', '/especialistas/'] as const;

/** A contact message as administrators read it (`GET /api/admin/contact-messages`). */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  reason: z.enum(CONTACT_REASONS),
  message: z.string(),
  lang: z.enum(SITE_LANGS),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export const contactMessageListSchema = z.object({ items: z.array(contactMessageSchema) });

// ---- staff editing (issue 10 "Editing (staff)", ADR 0027) ----

/** What the editors accept: the server refuses anything longer (400, nothing stored). */
export const SITE_EDIT_LIMITS = {
  slug: 100,
  title: 200,
  summary: 600,
  body: 50_000,
  name: 120,
  short: 200,
  listItem: 120,
  listItems: 20,
  quote: 2_000,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** One line: no control characters at all. */
const editLine = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .max(max, { error: 'too_long' })
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'invalid' });
/** A text of several lines (Markdown): tabs and line breaks, no other control characters. */
const editText = (max: number) =>
  z
    .string({ error: 'required' })
    .max(max, { error: 'too_long' })
    .regex(NO_CONTROL, { error: 'invalid' });
const required = (max: number) => editLine(max).min(1, { error: 'required' });
const slug = required(SITE_EDIT_LIMITS.slug).regex(SLUG, { error: 'invalid_slug' });
const list = z
  .array(required(SITE_EDIT_LIMITS.listItem))
  .max(SITE_EDIT_LIMITS.listItems, { error: 'too_many_items' });
const version = z.number().int().min(1);

export const postInputSchema = z.strictObject({
  slug,
  authorSlug: slug,
  status: z.enum(POST_STATUSES),
  /** ISO timestamp; required unless a draft (a scheduled post shows once it has come). */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  tags: z
    .array(
      editLine(40)
        .min(1)
        .regex(/^[\p{L}\p{N} -]+$/u, { error: 'invalid' }),
    )
    .max(10, { error: 'too_many_items' }),
  titleEs: required(SITE_EDIT_LIMITS.title),
  summaryEs: required(SITE_EDIT_LIMITS.summary),
  bodyEs: editText(SITE_EDIT_LIMITS.body).min(1, { error: 'required' }),
  /** English is all or nothing: the three null, or the three written. */
  titleEn: required(SITE_EDIT_LIMITS.title).nullable(),
  summaryEn: required(SITE_EDIT_LIMITS.summary).nullable(),
  bodyEn: editText(SITE_EDIT_LIMITS.body).min(1, { error: 'required' }).nullable(),
});
export type PostInput = z.infer<typeof postInputSchema>;
export const postUpdateSchema = postInputSchema.extend({ version });
export type PostUpdate = z.infer<typeof postUpdateSchema>;

/** The alt texts of an upload, both required (query of the upload route). */
export const imageAltSchema = z.strictObject({
  altEs: required(SITE_IMAGE_ALT_MAX),
  altEn: required(SITE_IMAGE_ALT_MAX),
});
export type ImageAlt = z.infer<typeof imageAltSchema>;

export const staffPhotoSchema = z.object({
  altEs: z.string(),
  altEn: z.string(),
  /** A variant to show in the editor (the smallest WebP). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StaffPhoto = z.infer<typeof staffPhotoSchema>;

/** An image uploaded into a post's text: its address and the Markdown that shows it. */
export const postImageSchema = z.object({
  /** The largest JPEG variant; the public page serves every size from it (ADR 0036). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** `![alt](url)` with the Spanish alt text, for the Spanish text. */
  markdown: z.string(),
  /** The same with the English alt text. */
  markdownEn: z.string(),
});
export type PostImage = z.infer<typeof postImageSchema>;

export const staffPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  authorSlug: z.string(),
  authorName: z.string(),
  status: z.enum(POST_STATUSES),
  publishAt: z.string().nullable(),
  /** Published (or scheduled and its date has come): on the public site now. */
  live: z.boolean(),
  tags: z.array(z.string()),
  titleEs: z.string(),
  summaryEs: z.string(),
  bodyEs: z.string(),
  titleEn: z.string().nullable(),
  summaryEn: z.string().nullable(),
  bodyEn: z.string().nullable(),
  /** The uploaded cover, or null. */
  cover: staffPhotoSchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StaffPost = z.infer<typeof staffPostSchema>;

export const specialistInputSchema = z.strictObject({
  slug,
  name: required(SITE_EDIT_LIMITS.name),
  credentials: editLine(SITE_EDIT_LIMITS.short),
  initials: required(4),
  roleEs: required(SITE_EDIT_LIMITS.short),
  roleEn: required(SITE_EDIT_LIMITS.short).nullable(),
  specialtiesEs: list,
  specialtiesEn: list.nullable(),
  languages: z
    .array(z.string().regex(/^[a-z]{2}$/, { error: 'invalid' }))
    .max(10, { error: 'too_many_items' }),
  qualifications: list,
  bioEs: editText(SITE_EDIT_LIMITS.body).min(1, { error: 'required' }),
  bioEn: editText(SITE_EDIT_LIMITS.body).min(1, { error: 'required' }).nullable(),
  published: z.boolean(),
});
export type SpecialistInput = z.infer<typeof specialistInputSchema>;
export const specialistUpdateSchema = specialistInputSchema.extend({ version });
export type SpecialistUpdate = z.infer<typeof specialistUpdateSchema>;

export const staffSpecialistSchema = specialistInputSchema.extend({
  id: z.string(),
  /** The uploaded photo, or null (the pages show the initials). */
  photo: staffPhotoSchema.nullable(),
  /** The profile belongs to the signed-in specialist (they may edit it). */
  own: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StaffSpecialist = z.infer<typeof staffSpecialistSchema>;

export const testimonialInputSchema = z.strictObject({
  authorName: required(SITE_EDIT_LIMITS.name),
  contextEs: required(SITE_EDIT_LIMITS.short),
  contextEn: required(SITE_EDIT_LIMITS.short).nullable(),
  lang: z.enum(SITE_LANGS),
  /** The words as the person wrote them; a new text needs a new consent before it shows. */
  quote: editText(SITE_EDIT_LIMITS.quote).trim().min(1, { error: 'required' }),
  translation: editText(SITE_EDIT_LIMITS.quote).trim().min(1, { error: 'required' }).nullable(),
  rating: z.number().int().min(1).max(5),
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;
export const testimonialUpdateSchema = testimonialInputSchema.extend({ version });
export type TestimonialUpdate = z.infer<typeof testimonialUpdateSchema>;

export const consentInputSchema = z.strictObject({
  /** Who consented (the person, or their representative). */
  givenBy: required(SITE_EDIT_LIMITS.name),
  /** ISO date or timestamp when they consented; not in the future. */
  givenAt: z.iso.datetime({ offset: true }),
  /** How: signed form, e-mail, … */
  method: required(SITE_EDIT_LIMITS.short),
  /** The testimonial's version the consent covers (its text then). */
  version,
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

export const staffConsentSchema = z.object({
  id: z.string(),
  givenBy: z.string(),
  givenAt: z.string(),
  method: z.string(),
  text: z.string(),
  withdrawnAt: z.string().nullable(),
  /** The consent covers the testimonial's current text. */
  current: z.boolean(),
});
export type StaffConsent = z.infer<typeof staffConsentSchema>;

export const staffTestimonialSchema = testimonialInputSchema.extend({
  id: z.string(),
  /** A consent for its current text, not withdrawn: on the public site. */
  live: z.boolean(),
  consents: z.array(staffConsentSchema),
  version: z.number().int(),
});
export type StaffTestimonial = z.infer<typeof staffTestimonialSchema>;

export const pageTextInputSchema = z.strictObject({
  title: required(SITE_EDIT_LIMITS.title),
  summary: required(SITE_EDIT_LIMITS.summary),
  body: editText(SITE_EDIT_LIMITS.body).min(1, { error: 'required' }),
  /** The version read (0 when the language had no text yet). */
  version: z.number().int().min(0),
});
export type PageTextInput = z.infer<typeof pageTextInputSchema>;

export const staffPageTextSchema = z.object({
  page: z.enum(PAGE_KEYS),
  lang: z.enum(SITE_LANGS),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StaffPageText = z.infer<typeof staffPageTextSchema>;

export const previewInputSchema = z.strictObject({
  markdown: editText(SITE_EDIT_LIMITS.body),
  /** A post's text: its uploaded images are shown (ADR 0036); other texts show none, as published. */
  postId: z.uuid({ error: 'invalid' }).optional(),
});
export const previewSchema = z.object({ html: z.string() });

/** Where each page text shows on the public site. */
export const PAGE_PATHS: Record<PageKey, string> = {
  'chronic-pain-therapy': '/servicios/terapia-dolor-cronico',
  'stress-workshops': '/servicios/talleres-manejo-estres',
  'cero-dolor': '/cerodolor',
};
