import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  POST_STATUSES,
  type PostInput,
  type PostStatus,
  type StaffPost,
  type StaffSpecialist,
} from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useFormatters } from '../../../hooks/use-formatters';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useRemoveCover,
  useSavePost,
  useSiteList,
  useUploadCover,
  useUploadPostImage,
} from '../api/site-editor';
import { ListState, MarkdownField, orNull, EditorForm, TextField, useServerErrors } from './fields';
import { ImageField } from './image-field';

const BADGE = 'rounded-full px-2.5 py-0.5 text-xs font-medium';

/** An ISO instant as a `datetime-local` value in the browser's zone. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

type Form = {
  slug: string;
  authorSlug: string;
  status: PostStatus;
  publishAt: string;
  tags: string;
  titleEs: string;
  summaryEs: string;
  bodyEs: string;
  titleEn: string;
  summaryEn: string;
  bodyEn: string;
};

const formOf = (p: StaffPost | null, author: string): Form => ({
  slug: p?.slug ?? '',
  authorSlug: p?.authorSlug ?? author,
  status: p?.status ?? 'draft',
  publishAt: toLocal(p?.publishAt ?? null),
  tags: p?.tags.join(', ') ?? '',
  titleEs: p?.titleEs ?? '',
  summaryEs: p?.summaryEs ?? '',
  bodyEs: p?.bodyEs ?? '',
  titleEn: p?.titleEn ?? '',
  summaryEn: p?.summaryEn ?? '',
  bodyEn: p?.bodyEn ?? '',
});

const inputOf = (f: Form): PostInput => ({
  slug: f.slug.trim(),
  authorSlug: f.authorSlug,
  status: f.status,
  publishAt: f.publishAt ? new Date(f.publishAt).toISOString() : null,
  tags: f.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  titleEs: f.titleEs,
  summaryEs: f.summaryEs,
  bodyEs: f.bodyEs,
  titleEn: orNull(f.titleEn),
  summaryEn: orNull(f.summaryEn),
  bodyEn: orNull(f.bodyEn),
});

function PostEditor({
  post,
  authors,
  onDone,
}: {
  post: StaffPost | null;
  authors: StaffSpecialist[];
  onDone: () => void;
}) {
  const { t } = useTranslation('siteEditor');
  const save = useSavePost();
  const [form, setForm] = useState(() => formOf(post, authors[0]?.slug ?? ''));
  const [version, setVersion] = useState(post?.version);
  const err = useServerErrors(save.error);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (status?: PostStatus) => {
    const values = status ? { ...form, status } : form;
    if (status) setForm(values);
    save.mutate(
      { id: post?.id ?? null, input: inputOf(values), version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          toast.success(saved.live ? t('savedLive') : t('saved'));
          onDone();
        },
      },
    );
  };

  return (
    <EditorForm
      titleId="post-editor-title"
      title={post ? t('posts.edit', { title: post.titleEs }) : t('posts.new')}
      error={save.error}
      pending={save.isPending}
      onSubmit={() => submit()}
      onCancel={onDone}
      actions={
        <>
          {form.status !== 'published' ? (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => submit('published')}
            >
              {t('posts.saveAndPublish')}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('fields.slug')}
          hint={t('posts.slugHint')}
          required
          value={form.slug}
          onChange={set('slug')}
          error={err('slug')}
        />
        <AuthorSelect
          authors={authors}
          value={form.authorSlug}
          onChange={set('authorSlug')}
          error={err('authorSlug')}
        />
        <StatusSelect value={form.status} onChange={(v) => set('status')(v)} />
        <TextField
          type="datetime-local"
          label={t('fields.publishAt')}
          hint={t('posts.publishAtHint')}
          required={form.status === 'scheduled'}
          value={form.publishAt}
          onChange={set('publishAt')}
          error={err('publishAt')}
        />
        <TextField
          label={t('fields.tags')}
          hint={t('posts.tagsHint')}
          value={form.tags}
          onChange={set('tags')}
          error={err('tags')}
        />
      </div>
      <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4" lang="es">
        <legend className="pt-2 text-base font-semibold text-slate-900">{t('languages.es')}</legend>
        <TextField
          label={t('fields.title')}
          required
          lang="es"
          value={form.titleEs}
          onChange={set('titleEs')}
          error={err('titleEs')}
        />
        <TextField
          label={t('fields.summary')}
          required
          lang="es"
          value={form.summaryEs}
          onChange={set('summaryEs')}
          error={err('summaryEs')}
        />
        <MarkdownField
          postId={post?.id}
          label={t('fields.body')}
          required
          lang="es"
          value={form.bodyEs}
          onChange={set('bodyEs')}
          error={err('bodyEs')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4" lang="en">
        <legend className="pt-2 text-base font-semibold text-slate-900">{t('languages.en')}</legend>
        <p className="text-sm text-slate-600">{t('posts.englishHint')}</p>
        <TextField
          label={t('fields.titleEn')}
          lang="en"
          value={form.titleEn}
          onChange={set('titleEn')}
          error={err('titleEn')}
        />
        <TextField
          label={t('fields.summaryEn')}
          lang="en"
          value={form.summaryEn}
          onChange={set('summaryEn')}
          error={err('summaryEn')}
        />
        <MarkdownField
          postId={post?.id}
          label={t('fields.bodyEn')}
          lang="en"
          value={form.bodyEn}
          onChange={set('bodyEn')}
          error={err('bodyEn')}
        />
      </fieldset>
      {post ? (
        <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
          <CoverField post={post} />
          <InlineImageField
            postId={post.id}
            onAdded={(es, en) =>
              setForm((f) => ({
                ...f,
                bodyEs: appendLine(f.bodyEs, es),
                bodyEn: f.bodyEn.trim() ? appendLine(f.bodyEn, en) : f.bodyEn,
              }))
            }
          />
        </div>
      ) : (
        <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
          {t('inline.saveFirst')}
        </p>
      )}
    </EditorForm>
  );
}

const appendLine = (text: string, line: string) => `${text.replace(/\s+$/, '')}\n\n${line}\n`;

/** The post's cover (ADR 0036): stored at once, apart from the form's Save. */
function CoverField({ post }: { post: StaffPost }) {
  const { t } = useTranslation('siteEditor');
  const upload = useUploadCover();
  const remove = useRemoveCover();
  const [cover, setCover] = useState(post.cover);
  return (
    <ImageField
      kind="cover"
      image={cover}
      pending={upload.isPending}
      error={upload.error}
      onUpload={(file, alt, done) =>
        upload.mutate(
          { id: post.id, file, alt },
          {
            onSuccess: (saved) => {
              setCover(saved.cover);
              done();
              toast.success(t('cover.uploaded'));
            },
          },
        )
      }
      removing={remove.isPending}
      onRemove={() =>
        remove.mutate(
          { id: post.id },
          {
            onSuccess: () => {
              setCover(null);
              toast.success(t('cover.removed'));
            },
          },
        )
      }
    />
  );
}

/** An image for the post's text: uploaded, then its Markdown line is added to the texts. */
function InlineImageField({
  postId,
  onAdded,
}: {
  postId: string;
  onAdded: (markdownEs: string, markdownEn: string) => void;
}) {
  const { t } = useTranslation('siteEditor');
  const upload = useUploadPostImage();
  return (
    <ImageField
      kind="inline"
      image={null}
      pending={upload.isPending}
      error={upload.error}
      onUpload={(file, alt, done) =>
        upload.mutate(
          { id: postId, file, alt },
          {
            onSuccess: (image) => {
              onAdded(image.markdown, image.markdownEn);
              done();
              toast.success(t('inline.added'));
            },
          },
        )
      }
    />
  );
}

function AuthorSelect({
  authors,
  value,
  onChange,
  error,
}: {
  authors: StaffSpecialist[];
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('siteEditor');
  return (
    <FormField id="post-author" label={t('fields.author')} required error={error}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {authors.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

function StatusSelect({
  value,
  onChange,
}: {
  value: PostStatus;
  onChange: (v: PostStatus) => void;
}) {
  const { t } = useTranslation('siteEditor');
  return (
    <FormField id="post-status" label={t('fields.status')} required>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value as PostStatus)}>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

export function PostStatusBadge({ post }: { post: StaffPost }) {
  const { t } = useTranslation('siteEditor');
  const fmt = useFormatters();
  if (post.live) return <span className={`${BADGE} bg-teal-100 text-teal-900`}>{t('live')}</span>;
  if (post.status === 'draft')
    return <span className={`${BADGE} bg-slate-100 text-slate-700`}>{t('statuses.draft')}</span>;
  return (
    <span className={`${BADGE} bg-amber-100 text-amber-900`}>
      {t('scheduledFor', { date: post.publishAt ? fmt.dateTime(post.publishAt) : '—' })}
    </span>
  );
}

/** Blog posts: the list, and the editor of one (or a new one). */
export function PostsPanel() {
  const { t } = useTranslation('siteEditor');
  const posts = useSiteList('posts');
  const authors = useSiteList('specialists');
  const fmt = useFormatters();
  const [editing, setEditing] = useState<StaffPost | 'new' | null>(null);
  const toggle = useSavePost();

  if (!posts.data || !authors.data)
    return (
      <ListState
        error={posts.isError || authors.isError}
        onRetry={() => void Promise.all([posts.refetch(), authors.refetch()])}
      />
    );
  if (editing)
    return (
      <PostEditor
        key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
        post={editing === 'new' ? null : editing}
        authors={authors.data.items}
        onDone={() => setEditing(null)}
      />
    );
  const noAuthor = authors.data.items.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {t('posts.count', { count: posts.data.items.length })}
        </p>
        <Button disabled={noAuthor} onClick={() => setEditing('new')}>
          {t('posts.new')}
        </Button>
      </div>
      {noAuthor ? <Alert tone="info">{t('posts.noProfile')}</Alert> : null}
      <ul className="flex flex-col gap-3">
        {posts.data.items.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900" lang="es">
                {p.titleEs}
              </h3>
              <p className="text-sm text-slate-600">
                {p.authorName} · {t('updated', { date: fmt.dateTime(p.updatedAt) })}
                {p.titleEn ? '' : ` · ${t('noEnglish')}`}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <PostStatusBadge post={p} />
              {p.live ? (
                <a
                  className="rounded text-sm font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                  href={`/blog/${p.slug}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t('viewOnSite')}
                  <span className="sr-only">: {p.titleEs}</span>
                </a>
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t('edit')}: ${p.titleEs}`}
                onClick={() => setEditing(p)}
              >
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={toggle.isPending}
                aria-label={`${p.status === 'draft' ? t('publish') : t('unpublish')}: ${p.titleEs}`}
                onClick={() =>
                  toggle.mutate(
                    {
                      id: p.id,
                      version: p.version,
                      input: inputOf({
                        ...formOf(p, p.authorSlug),
                        status: p.status === 'draft' ? 'published' : 'draft',
                      }),
                    },
                    {
                      onSuccess: (saved) =>
                        toast.success(saved.live ? t('savedLive') : t('unpublished')),
                      onError: (error) =>
                        toast.error(
                          isApiError(error, 409)
                            ? t('conflict')
                            : error instanceof Error
                              ? error.message
                              : t('saveFailed'),
                        ),
                    },
                  )
                }
              >
                {p.status === 'draft' ? t('publish') : t('unpublish')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
