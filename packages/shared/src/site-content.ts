/**
 * The public site's content (issue 10): specialists, blog posts, consented testimonials, the texts of
 * the service and community pages, the clinic's contact facts, and the contact form. The server reads
 * them from the database (apps/server/src/modules/site-content) and hands them, already rendered and
 * sanitised, to the site page renderer (apps/web/src/site). Both sides import these types; the site
 * pages import nothing else from here but plain constants (no zod in the browser).
 */
import { z } from 'zod';

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

export interface SpecialistCard {
  slug: string;
  name: string;
  /** Credentials as the specialist writes them after their name (e.g. "MD, PhD"). */
  credentials: string;
  role: string;
  photoUrl: string | null;
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
