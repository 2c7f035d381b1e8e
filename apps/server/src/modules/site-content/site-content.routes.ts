import { z } from '@hono/zod-openapi';
import { contactInputSchema, PAGE_KEYS, SITE_LANGS } from '@painlab/shared/site-content';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const langQuery = z.enum(SITE_LANGS).optional().openapi({ description: 'es (default) or en' });
const slugParam = z.strictObject({ slug: z.string().max(120) });

const author = z.object({ slug: z.string(), name: z.string(), credentials: z.string() });
const localised = { lang: z.enum(SITE_LANGS), fallback: z.boolean() };
const siteImage = named(
  'SiteImage',
  z.object({
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    src: z.string(),
    srcsetWebp: z.string(),
    srcsetJpeg: z.string(),
  }),
);
const postSummary = named(
  'SitePostSummary',
  z.object({
    ...localised,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    tags: z.array(z.string()),
    publishedAt: z.string(),
    readingMinutes: z.number().int(),
    author,
    cover: siteImage.nullable(),
  }),
);
const postPage = named(
  'SitePostPage',
  z.object({
    items: z.array(postSummary),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    tags: z.array(z.string()),
  }),
);
const postDetail = named(
  'SitePost',
  postSummary.extend({ bodyHtml: z.string(), related: z.array(postSummary) }),
);
const specialistCard = named(
  'SiteSpecialistCard',
  z.object({
    slug: z.string(),
    name: z.string(),
    credentials: z.string(),
    role: z.string(),
    photoUrl: z.string().nullable(),
    photo: siteImage.nullable(),
    initials: z.string(),
    specialties: z.array(z.string()),
    languages: z.array(z.string()),
  }),
);
const specialistDetail = named(
  'SiteSpecialist',
  z.object({
    specialist: specialistCard.extend({
      ...localised,
      bioHtml: z.string(),
      qualifications: z.array(z.string()),
    }),
    posts: z.array(postSummary),
  }),
);
const testimonial = named(
  'SiteTestimonial',
  z.object({
    ...localised,
    id: z.string(),
    authorName: z.string(),
    context: z.string(),
    quote: z.string(),
    rating: z.number().int(),
    consentedAt: z.string(),
  }),
);
const pageText = named(
  'SitePageText',
  z.object({
    ...localised,
    page: z.enum(PAGE_KEYS),
    title: z.string(),
    summary: z.string(),
    bodyHtml: z.string(),
    updatedAt: z.string(),
  }),
);

const PUBLIC_NOTE =
  'Public: anyone may read it. Only published content; Markdown is rendered and sanitised. When the requested language has no text, the Spanish one is returned with `fallback: true`.';

export const listPostsRoute = defineRoute({
  method: 'get',
  path: '/api/site/posts',
  access: access.public,
  operationId: 'listSitePosts',
  tags: ['site'],
  summary: 'Published blog posts, newest first, by page, tag or words',
  description: PUBLIC_NOTE,
  request: {
    query: z.strictObject({
      lang: langQuery,
      page: z.coerce.number().int().min(1).max(1000).optional(),
      tag: z.string().max(60).optional(),
      q: z.string().max(100).optional(),
    }),
  },
  responses: { 200: jsonResponse('A page of posts', postPage) },
});

export const getPostRoute = defineRoute({
  method: 'get',
  path: '/api/site/posts/{slug}',
  access: access.public,
  operationId: 'getSitePost',
  tags: ['site'],
  summary: 'One published post, with related posts',
  description: `${PUBLIC_NOTE} A draft, a post whose date has not come, or an unknown slug is 404.`,
  request: { params: slugParam, query: z.strictObject({ lang: langQuery }) },
  responses: { 200: jsonResponse('The post', postDetail) },
});

export const listSpecialistsRoute = defineRoute({
  method: 'get',
  path: '/api/site/specialists',
  access: access.public,
  operationId: 'listSiteSpecialists',
  tags: ['site'],
  summary: "The clinic's specialists",
  description: PUBLIC_NOTE,
  request: { query: z.strictObject({ lang: langQuery }) },
  responses: {
    200: jsonResponse(
      'Specialists',
      named('SiteSpecialistList', z.object({ items: z.array(specialistCard) })),
    ),
  },
});

export const getSpecialistRoute = defineRoute({
  method: 'get',
  path: '/api/site/specialists/{slug}',
  access: access.public,
  operationId: 'getSiteSpecialist',
  tags: ['site'],
  summary: "A specialist's profile and latest posts",
  description: PUBLIC_NOTE,
  request: { params: slugParam, query: z.strictObject({ lang: langQuery }) },
  responses: { 200: jsonResponse('The profile', specialistDetail) },
});

export const listTestimonialsRoute = defineRoute({
  method: 'get',
  path: '/api/site/testimonials',
  access: access.public,
  operationId: 'listSiteTestimonials',
  tags: ['site'],
  summary: 'Testimonials whose authors consented to publication',
  description:
    'Only testimonials with a recorded consent for exactly their current text that has not been withdrawn. The words as written; a translation for a visitor of the other language.',
  request: { query: z.strictObject({ lang: langQuery }) },
  responses: {
    200: jsonResponse(
      'Testimonials',
      named('SiteTestimonialList', z.object({ items: z.array(testimonial) })),
    ),
  },
});

export const getPageTextRoute = defineRoute({
  method: 'get',
  path: '/api/site/pages/{page}',
  access: access.public,
  operationId: 'getSitePageText',
  tags: ['site'],
  summary: 'The text of a service or community page',
  description: PUBLIC_NOTE,
  request: {
    params: z.strictObject({ page: z.enum(PAGE_KEYS) }),
    query: z.strictObject({ lang: langQuery }),
  },
  responses: { 200: jsonResponse('The text', pageText) },
});

/** Reason: one of CONTACT_REASONS; `website` must stay empty (a field people do not see). */
const contactJson = named('SiteContactInput', contactInputSchema);

export const contactRoute = defineRoute({
  method: 'post',
  path: '/api/site/contact',
  access: access.public,
  operationId: 'sendSiteContact',
  tags: ['site'],
  summary: 'Send a message with the contact form',
  description:
    "Checked field by field (400 with each field's code, nothing stored); stored, and the clinic's reception is told by e-mail through the outbox, in one transaction. At most 5 messages per address an hour (429 with Retry-After). A filled-in honeypot is answered 202 and stores nothing.",
  request: jsonBody(contactJson),
  responses: {
    202: jsonResponse('Received', named('SiteContactResult', z.object({ ok: z.literal(true) }))),
  },
});

const contactForm = z
  .object({
    name: z.string().max(10_000).optional(),
    email: z.string().max(10_000).optional(),
    phone: z.string().max(10_000).optional(),
    reason: z.string().max(100).optional(),
    message: z.string().max(100_000).optional(),
    consent: z.string().max(10).optional(),
    website: z.string().max(10_000).optional(),
    lang: z.enum(SITE_LANGS).optional(),
    from: z.string().max(200).optional(),
  })
  .openapi('SiteContactForm');

export const contactFormRoute = defineRoute({
  method: 'post',
  path: '/api/site/contact-form',
  access: access.public,
  operationId: 'sendSiteContactForm',
  tags: ['site'],
  summary: 'The contact form when JavaScript is off',
  description:
    'The same checks, limit and storage as `POST /api/site/contact`, posted by the browser (form-encoded). Success: 303 to the page it came from (`from`: /contacto or /) with `?enviado=1#contacto`. Refusal: the contact page again (HTML) with the errors and what was typed.',
  request: {
    body: {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: contactForm } },
    },
  },
  responses: {
    303: { description: 'Sent: back to the page with the confirmation' },
    400: {
      description: 'The contact page with the errors',
      content: { 'text/html': { schema: z.string() } },
    },
    429: {
      description: 'The contact page, asking to wait',
      content: { 'text/html': { schema: z.string() } },
    },
  },
});

// ---- staff: contact messages ----

/** Messages from the public hold names and addresses: administrators only, as the outbox (ADR 0013). */
const adminOnly = access.can('users', 'edit');

const contactMessage = named(
  'SiteContactMessage',
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    reason: z.enum(['first_visit', 'workshop', 'other']),
    message: z.string(),
    lang: z.enum(SITE_LANGS),
    handled: z.boolean(),
    handledAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const listContactMessagesRoute = defineRoute({
  method: 'get',
  path: '/api/admin/contact-messages',
  access: adminOnly,
  operationId: 'listSiteContactMessages',
  tags: ['site'],
  summary: 'Messages from the contact form, open ones first, newest first (administrators)',
  description: 'The latest 200. Each read is written to the audit log.',
  responses: {
    200: jsonResponse(
      'Messages',
      named('SiteContactMessageList', z.object({ items: z.array(contactMessage) })),
    ),
  },
});

export const markContactMessageRoute = defineRoute({
  method: 'patch',
  path: '/api/admin/contact-messages/{id}',
  access: adminOnly,
  operationId: 'markSiteContactMessage',
  tags: ['site'],
  summary: 'Mark a contact message handled, or open again (administrators)',
  description: 'Records who and when; audited.',
  request: {
    params: z.strictObject({ id: z.uuid() }),
    ...jsonBody(named('SiteContactMessageMark', z.strictObject({ handled: z.boolean() }))),
  },
  responses: { 200: jsonResponse('The message', contactMessage) },
});

export const siteImageRoute = defineRoute({
  method: 'get',
  path: '/api/site/images/{name}',
  access: access.public,
  operationId: 'getSiteImage',
  tags: ['site'],
  summary: 'One size of an image uploaded in the site editor',
  description:
    'The name is the first 32 hex digits of the SHA-256 of the bytes and the format (`.webp` or `.jpg`), so the bytes behind a name never change: `Cache-Control: public, max-age=31536000, immutable` and a strong ETag (304 to a matching `If-None-Match`). Unknown names are 404.',
  request: {
    params: z.strictObject({ name: z.string().regex(/^[0-9a-f]{32}\.(webp|jpg)$/) }),
  },
  errors: { 404: 'No such image' },
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    304: { description: 'Not modified (the ETag matches)' },
  },
});
