/**
 * Staff editing of the public site (ADR 0027): `GET/POST/PUT /api/site-editor/{posts,specialists,
 * testimonials,pages}`, consent and withdrawal, and the Markdown preview. Every write invalidates the
 * editor's lists; the server empties its kept public pages itself.
 */
import { z } from 'zod';
import {
  postImageSchema,
  previewSchema,
  staffPageTextSchema,
  staffPostSchema,
  staffSpecialistSchema,
  staffTestimonialSchema,
  SITE_IMAGE_TYPES,
  type ConsentInput,
  type ImageAlt,
  type PageKey,
  type PageTextInput,
  type PostInput,
  type SiteLang,
  type SpecialistInput,
  type TestimonialInput,
} from '@painlab/shared/site-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiErrorFromBody, apiJson, currentRequestLanguage } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';

export const siteEditorKeys = {
  all: ['site-editor'] as const,
  list: (kind: Kind) => ['site-editor', kind] as const,
};

type Kind = 'posts' | 'specialists' | 'testimonials' | 'pages';
const SCHEMAS = {
  posts: z.object({ items: z.array(staffPostSchema) }),
  specialists: z.object({ items: z.array(staffSpecialistSchema) }),
  testimonials: z.object({ items: z.array(staffTestimonialSchema) }),
  pages: z.object({ items: z.array(staffPageTextSchema) }),
};

type Lists = { [K in Kind]: z.infer<(typeof SCHEMAS)[K]> };

export function siteListQueryOptions<K extends Kind>(kind: K) {
  const queryKey = siteEditorKeys.list(kind);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(
        `/api/site-editor/${kind}`,
        SCHEMAS[kind] as unknown as { parse: (v: unknown) => Lists[K] },
        signal,
      ),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export function useSiteList<K extends Kind>(kind: K, enabled = true) {
  return useQuery({ ...siteListQueryOptions(kind), enabled });
}

/** A write: POST (no id) or PUT (id) of `kind`, then the lists again. */
function useWrite<I, O>(
  path: (input: I) => string,
  method: (input: I) => 'POST' | 'PUT' | 'DELETE',
  body: (input: I) => unknown,
  schema: { parse: (v: unknown) => O },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      apiJson(path(input), schema, { method: method(input), body: body(input) }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteEditorKeys.all }),
  });
}

const enc = encodeURIComponent;
type Save<T> = { id: string | null; input: T; version?: number };
const bodyOf = <T>(s: Save<T>) => (s.id ? { ...s.input, version: s.version } : s.input);

export const useSavePost = () =>
  useWrite<Save<PostInput>, z.infer<typeof staffPostSchema>>(
    (s) => (s.id ? `/api/site-editor/posts/${enc(s.id)}` : '/api/site-editor/posts'),
    (s) => (s.id ? 'PUT' : 'POST'),
    bodyOf,
    staffPostSchema,
  );

export const useSaveSpecialist = () =>
  useWrite<Save<SpecialistInput>, z.infer<typeof staffSpecialistSchema>>(
    (s) => (s.id ? `/api/site-editor/specialists/${enc(s.id)}` : '/api/site-editor/specialists'),
    (s) => (s.id ? 'PUT' : 'POST'),
    bodyOf,
    staffSpecialistSchema,
  );

export const useSaveTestimonial = () =>
  useWrite<Save<TestimonialInput>, z.infer<typeof staffTestimonialSchema>>(
    (s) => (s.id ? `/api/site-editor/testimonials/${enc(s.id)}` : '/api/site-editor/testimonials'),
    (s) => (s.id ? 'PUT' : 'POST'),
    bodyOf,
    staffTestimonialSchema,
  );

export const useRecordConsent = () =>
  useWrite<{ id: string; input: ConsentInput }, z.infer<typeof staffTestimonialSchema>>(
    (s) => `/api/site-editor/testimonials/${enc(s.id)}/consent`,
    () => 'POST',
    (s) => s.input,
    staffTestimonialSchema,
  );

export const useWithdrawConsent = () =>
  useWrite<{ id: string }, z.infer<typeof staffTestimonialSchema>>(
    (s) => `/api/site-editor/testimonials/${enc(s.id)}/withdraw`,
    () => 'POST',
    () => ({}),
    staffTestimonialSchema,
  );

export const useSavePageText = () =>
  useWrite<
    { page: PageKey; lang: SiteLang; input: PageTextInput },
    z.infer<typeof staffPageTextSchema>
  >(
    (s) => `/api/site-editor/pages/${s.page}/${s.lang}`,
    () => 'PUT',
    (s) => s.input,
    staffPageTextSchema,
  );

/** The Markdown as the public page will show it (sanitised by the server). */
export function usePreview() {
  return useMutation({
    mutationFn: ({ markdown, postId }: { markdown: string; postId?: string | undefined }) =>
      apiJson('/api/site-editor/preview', previewSchema, {
        method: 'POST',
        body: postId ? { markdown, postId } : { markdown },
      }),
    retry: false,
  });
}

/**
 * Sends an image as the raw body (the server decides its type by decoding it), the alt texts in
 * the query. A type the route does not list is sent as JPEG and refused by the decoder with a
 * translated message.
 */
async function sendImage<T>(
  path: string,
  method: 'PUT' | 'POST',
  file: File,
  alt: ImageAlt,
  schema: z.ZodType<T>,
): Promise<T> {
  const type = (SITE_IMAGE_TYPES as readonly string[]).includes(file.type)
    ? file.type
    : 'image/jpeg';
  const response = await fetch(`${path}?${new URLSearchParams(alt).toString()}`, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Accept-Language': currentRequestLanguage(),
      'Content-Type': type,
    },
    body: file,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, body);
  return schema.parse(body);
}

type ImageUpload = { id: string; file: File; alt: ImageAlt };

function useImageUpload<T>(
  path: (id: string) => string,
  method: 'PUT' | 'POST',
  schema: z.ZodType<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, alt }: ImageUpload) => sendImage(path(id), method, file, alt, schema),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteEditorKeys.all }),
  });
}

/** Sets a profile's photo (cropped square by the server). */
export const useUploadPhoto = () =>
  useImageUpload(
    (id) => `/api/site-editor/specialists/${enc(id)}/photo`,
    'PUT',
    staffSpecialistSchema,
  );

/** Sets a post's cover. */
export const useUploadCover = () =>
  useImageUpload((id) => `/api/site-editor/posts/${enc(id)}/cover`, 'PUT', staffPostSchema);

export const useRemoveCover = () =>
  useWrite<{ id: string }, z.infer<typeof staffPostSchema>>(
    (s) => `/api/site-editor/posts/${enc(s.id)}/cover`,
    () => 'DELETE',
    () => undefined,
    staffPostSchema,
  );

/** Stores an image to show inside a post's text; answers the Markdown to paste. */
export const useUploadPostImage = () =>
  useImageUpload((id) => `/api/site-editor/posts/${enc(id)}/images`, 'POST', postImageSchema);

export const useRemovePhoto = () =>
  useWrite<{ id: string }, z.infer<typeof staffSpecialistSchema>>(
    (s) => `/api/site-editor/specialists/${enc(s.id)}/photo`,
    () => 'DELETE',
    () => undefined,
    staffSpecialistSchema,
  );
