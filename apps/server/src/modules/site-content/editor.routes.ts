/**
 * Staff editing of the public site (ADR 0027). The guard checks the `site_content` permission of
 * the SPEC §6 matrix; the service adds the row rules (a specialist: their own profile and posts;
 * testimonials and page texts: administrators).
 */
import { z } from '@hono/zod-openapi';
import {
  consentInputSchema,
  imageAltSchema,
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_TYPES,
  PAGE_KEYS,
  pageTextInputSchema,
  postInputSchema,
  postUpdateSchema,
  previewInputSchema,
  previewSchema,
  SITE_LANGS,
  specialistInputSchema,
  specialistUpdateSchema,
  staffPageTextSchema,
  staffPostSchema,
  postImageSchema,
  staffSpecialistSchema,
  staffTestimonialSchema,
  testimonialInputSchema,
  testimonialUpdateSchema,
} from '@painlab/shared/site-content';
import { access } from '../../http/access';
import { limitBody } from '../../http/body-limit';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.uuid() });
const post = named('StaffSitePost', staffPostSchema);
const specialist = named('StaffSiteSpecialist', staffSpecialistSchema);
const testimonial = named('StaffSiteTestimonial', staffTestimonialSchema);
const pageText = named('StaffSitePageText', staffPageTextSchema);
const AFTER_WRITE =
  'Audited; the kept public pages are emptied after the commit, so the next visit shows the change.';
const STALE = { 409: 'The record changed since it was read (stale `version`)' } as const;
const TAGS: ['site-editor'] = ['site-editor'];

export const editorListPostsRoute = defineRoute({
  method: 'get',
  path: '/api/site-editor/posts',
  access: access.can('site_content', 'view'),
  operationId: 'listStaffSitePosts',
  tags: TAGS,
  summary: 'Blog posts of every status, last edited first',
  description:
    'Administrators: every post (latest 500). A specialist: the posts of their profiles.',
  responses: {
    200: jsonResponse(
      'Posts',
      named('StaffSitePostList', z.object({ items: z.array(staffPostSchema) })),
    ),
  },
});

export const editorCreatePostRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/posts',
  access: access.can('site_content', 'create'),
  operationId: 'createStaffSitePost',
  tags: TAGS,
  summary: 'Write a blog post (a draft, scheduled or published)',
  description: `A specialist may only author as their own profile (403 otherwise). ${AFTER_WRITE}`,
  request: jsonBody(named('StaffSitePostInput', postInputSchema)),
  responses: { 201: jsonResponse('The post', post) },
});

export const editorUpdatePostRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/posts/{id}',
  access: access.can('site_content', 'edit'),
  operationId: 'updateStaffSitePost',
  tags: TAGS,
  summary: 'Change a post: its texts, status (publish, schedule, unpublish) and date',
  description: `The whole post with the \`version\` read. A specialist: only their own posts. ${AFTER_WRITE}`,
  request: {
    params: idParam,
    ...jsonBody(named('StaffSitePostUpdate', postUpdateSchema)),
  },
  errors: STALE,
  responses: { 200: jsonResponse('The post', post) },
});

export const editorDeletePostRoute = defineRoute({
  method: 'delete',
  path: '/api/site-editor/posts/{id}',
  access: access.can('site_content', 'delete'),
  operationId: 'deleteStaffSitePost',
  tags: TAGS,
  summary: 'Delete a post (administrators)',
  description: AFTER_WRITE,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
});

export const editorListSpecialistsRoute = defineRoute({
  method: 'get',
  path: '/api/site-editor/specialists',
  access: access.can('site_content', 'view'),
  operationId: 'listStaffSiteSpecialists',
  tags: TAGS,
  summary: 'Specialist profiles the caller may edit',
  description: 'Administrators: every profile, published or not. A specialist: their own.',
  responses: {
    200: jsonResponse(
      'Profiles',
      named('StaffSiteSpecialistList', z.object({ items: z.array(staffSpecialistSchema) })),
    ),
  },
});

export const editorCreateSpecialistRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/specialists',
  access: access.can('site_content', 'create'),
  operationId: 'createStaffSiteSpecialist',
  tags: TAGS,
  summary: 'Add a specialist profile (administrators)',
  description: AFTER_WRITE,
  request: jsonBody(named('StaffSiteSpecialistInput', specialistInputSchema)),
  responses: { 201: jsonResponse('The profile', specialist) },
});

export const editorUpdateSpecialistRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/specialists/{id}',
  access: access.can('site_content', 'edit'),
  operationId: 'updateStaffSiteSpecialist',
  tags: TAGS,
  summary: 'Change a specialist profile',
  description: `A specialist: only the profile linked to their account. ${AFTER_WRITE}`,
  request: {
    params: idParam,
    ...jsonBody(named('StaffSiteSpecialistUpdate', specialistUpdateSchema)),
  },
  errors: STALE,
  responses: { 200: jsonResponse('The profile', specialist) },
});

const binary = z.string().openapi({ format: 'binary' });

export const editorUploadSpecialistPhotoRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/specialists/{id}/photo',
  access: access.can('site_content', 'edit'),
  operationId: 'uploadStaffSiteSpecialistPhoto',
  tags: TAGS,
  summary: "Set a profile's photo (the raw image as the body)",
  description: `A JPEG, PNG or WebP image of at most 8 MiB and 40 megapixels, as the body; its type is decided by decoding it (400 \`image_unreadable\` otherwise, whatever the Content-Type says; \`image_too_many_pixels\` for larger images; \`required\` for an empty body). It is turned upright, stripped of its metadata (EXIF, GPS), cropped to a square and stored at 320, 640 and 1280 px wide (never enlarged) in WebP and JPEG; the previous photo is deleted. Alt text in both languages is required. A specialist: only the profile linked to their account (403, audited). The profile's \`version\` is unchanged. ${AFTER_WRITE}`,
  middleware: [limitBody(SITE_IMAGE_MAX_BYTES)],
  request: {
    params: idParam,
    query: imageAltSchema,
    body: {
      required: true,
      content: Object.fromEntries(SITE_IMAGE_TYPES.map((t) => [t, { schema: binary }])),
    },
  },
  errors: { 413: 'Image over 8 MiB' },
  responses: { 200: jsonResponse('The profile', specialist) },
});

export const editorRemoveSpecialistPhotoRoute = defineRoute({
  method: 'delete',
  path: '/api/site-editor/specialists/{id}/photo',
  access: access.can('site_content', 'edit'),
  operationId: 'removeStaffSiteSpecialistPhoto',
  tags: TAGS,
  summary: "Remove a profile's photo (the pages show the initials)",
  description: `A specialist: only the profile linked to their account. ${AFTER_WRITE}`,
  request: { params: idParam },
  responses: { 200: jsonResponse('The profile', specialist) },
});

const imageUpload = {
  params: idParam,
  query: imageAltSchema,
  body: {
    required: true,
    content: Object.fromEntries(SITE_IMAGE_TYPES.map((t) => [t, { schema: binary }])),
  },
};
const IMAGE_CHECKS =
  'A JPEG, PNG or WebP image of at most 8 MiB and 40 megapixels, as the body; its type is decided by decoding it (400 `image_unreadable` otherwise; `image_too_many_pixels`; `required` for an empty body). It is turned upright, stripped of its metadata and stored at 320, 640 and 1280 px wide (never enlarged) in WebP and JPEG. Alt text in both languages is required. A specialist: only posts they wrote (403, audited).';

export const editorUploadPostCoverRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/posts/{id}/cover',
  access: access.can('site_content', 'edit'),
  operationId: 'uploadStaffSitePostCover',
  tags: TAGS,
  summary: "Set a post's cover image (the raw image as the body)",
  description: `${IMAGE_CHECKS} The previous cover is deleted; the post's \`version\` is unchanged. ${AFTER_WRITE}`,
  middleware: [limitBody(SITE_IMAGE_MAX_BYTES)],
  request: imageUpload,
  errors: { 413: 'Image over 8 MiB' },
  responses: { 200: jsonResponse('The post', post) },
});

export const editorRemovePostCoverRoute = defineRoute({
  method: 'delete',
  path: '/api/site-editor/posts/{id}/cover',
  access: access.can('site_content', 'edit'),
  operationId: 'removeStaffSitePostCover',
  tags: TAGS,
  summary: "Remove a post's cover image",
  description: `A specialist: only posts they wrote. ${AFTER_WRITE}`,
  request: { params: idParam },
  responses: { 200: jsonResponse('The post', post) },
});

export const editorUploadPostImageRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/posts/{id}/images',
  access: access.can('site_content', 'edit'),
  operationId: 'uploadStaffSitePostImage',
  tags: TAGS,
  summary: "Upload an image to show inside a post's text",
  description: `${IMAGE_CHECKS} The image belongs to the post (deleted with it). The answer gives the Markdown to paste; the public page shows only images uploaded here, at their size, with every variant (any other image in the text is removed).`,
  middleware: [limitBody(SITE_IMAGE_MAX_BYTES)],
  request: imageUpload,
  errors: { 413: 'Image over 8 MiB' },
  responses: { 201: jsonResponse('The image', named('StaffSitePostImage', postImageSchema)) },
});

export const editorListTestimonialsRoute = defineRoute({
  method: 'get',
  path: '/api/site-editor/testimonials',
  access: access.can('site_content', 'view'),
  operationId: 'listStaffSiteTestimonials',
  tags: TAGS,
  summary: 'Testimonials with their consent records (administrators)',
  description: 'A testimonial is `live` while a consent for its current text is not withdrawn.',
  responses: {
    200: jsonResponse(
      'Testimonials',
      named('StaffSiteTestimonialList', z.object({ items: z.array(staffTestimonialSchema) })),
    ),
  },
});

export const editorCreateTestimonialRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/testimonials',
  access: access.can('site_content', 'create'),
  operationId: 'createStaffSiteTestimonial',
  tags: TAGS,
  summary: 'Add a testimonial (administrators); shown once its consent is recorded',
  description: AFTER_WRITE,
  request: jsonBody(named('StaffSiteTestimonialInput', testimonialInputSchema)),
  responses: { 201: jsonResponse('The testimonial', testimonial) },
});

export const editorUpdateTestimonialRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/testimonials/{id}',
  access: access.can('site_content', 'edit'),
  operationId: 'updateStaffSiteTestimonial',
  tags: TAGS,
  summary: 'Change a testimonial (administrators)',
  description: `New words are hidden until a consent for them is recorded. ${AFTER_WRITE}`,
  request: {
    params: idParam,
    ...jsonBody(named('StaffSiteTestimonialUpdate', testimonialUpdateSchema)),
  },
  errors: STALE,
  responses: { 200: jsonResponse('The testimonial', testimonial) },
});

export const editorDeleteTestimonialRoute = defineRoute({
  method: 'delete',
  path: '/api/site-editor/testimonials/{id}',
  access: access.can('site_content', 'delete'),
  operationId: 'deleteStaffSiteTestimonial',
  tags: TAGS,
  summary: 'Delete a testimonial and its consent records (administrators)',
  description: AFTER_WRITE,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
});

export const editorConsentRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/testimonials/{id}/consent',
  access: access.can('site_content', 'edit'),
  operationId: 'recordStaffSiteTestimonialConsent',
  tags: TAGS,
  summary: 'Record consent to publish a testimonial: who, when, how (administrators)',
  description: `The consent covers the text of the \`version\` given (409 if it changed since). ${AFTER_WRITE}`,
  request: {
    params: idParam,
    ...jsonBody(named('StaffSiteConsentInput', consentInputSchema)),
  },
  errors: STALE,
  responses: { 201: jsonResponse('The testimonial', testimonial) },
});

export const editorWithdrawConsentRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/testimonials/{id}/withdraw',
  access: access.can('site_content', 'edit'),
  operationId: 'withdrawStaffSiteTestimonialConsent',
  tags: TAGS,
  summary: 'Record that consent was withdrawn (administrators)',
  description: `The testimonial leaves every public page at once. ${AFTER_WRITE}`,
  request: { params: idParam },
  responses: { 200: jsonResponse('The testimonial', testimonial) },
});

export const editorListPagesRoute = defineRoute({
  method: 'get',
  path: '/api/site-editor/pages',
  access: access.can('site_content', 'view'),
  operationId: 'listStaffSitePageTexts',
  tags: TAGS,
  summary: 'The texts of the service and community pages, per language (administrators)',
  description: 'A page with no text in a language falls back to the other, visibly.',
  responses: {
    200: jsonResponse(
      'Page texts',
      named('StaffSitePageTextList', z.object({ items: z.array(staffPageTextSchema) })),
    ),
  },
});

export const editorSavePageRoute = defineRoute({
  method: 'put',
  path: '/api/site-editor/pages/{page}/{lang}',
  access: access.can('site_content', 'edit'),
  operationId: 'saveStaffSitePageText',
  tags: TAGS,
  summary: "Write a page's text in one language (administrators)",
  description: `\`version\` 0 writes a language the page does not have yet. ${AFTER_WRITE}`,
  request: {
    params: z.strictObject({ page: z.enum(PAGE_KEYS), lang: z.enum(SITE_LANGS) }),
    ...jsonBody(named('StaffSitePageTextInput', pageTextInputSchema)),
  },
  errors: STALE,
  responses: { 200: jsonResponse('The text', pageText) },
});

export const editorPreviewRoute = defineRoute({
  method: 'post',
  path: '/api/site-editor/preview',
  access: access.can('site_content', 'view'),
  operationId: 'previewStaffSiteMarkdown',
  tags: TAGS,
  summary: 'Markdown as the public page shows it (rendered and sanitised)',
  description: 'Stores nothing.',
  request: jsonBody(named('StaffSitePreviewInput', previewInputSchema)),
  responses: { 200: jsonResponse('The HTML', named('StaffSitePreview', previewSchema)) },
});
