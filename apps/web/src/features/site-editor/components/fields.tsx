/**
 * The editors' fields: a labelled input, text area or Markdown text with a preview (rendered and
 * sanitised by the server, as the public page will show it), and the errors of a refused save.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { usePreview } from '../api/site-editor';

/** The translated message of each field the server refused, by its path. */
export function useServerErrors(error: unknown): (path: string) => string | undefined {
  const message = useFieldMessage();
  const issues = isApiError(error, 400) ? (error.details ?? []) : [];
  return (path) => {
    const issue = issues.find((i) => i.path === path || i.path.startsWith(`${path}.`));
    return issue ? message(issue.message) : undefined;
  };
}

/** What went wrong with a save, above the form: a stale version, or anything but field errors. */
export function SaveError({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation('siteEditor');
  if (!error) return null;
  if (isApiError(error, 409))
    return (
      <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
        <span>{t('conflict')}</span>
        <Button size="sm" variant="secondary" onClick={onReload}>
          {t('reload')}
        </Button>
      </Alert>
    );
  if (isApiError(error, 400)) return <Alert tone="error">{t('fixFields')}</Alert>;
  return <Alert tone="error">{error instanceof Error ? error.message : t('saveFailed')}</Alert>;
}

type Common = {
  /** A post's text: the preview shows the images uploaded for that post (ADR 0036). */
  postId?: string | undefined;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  lang?: string;
};

/** A labelled one-line input (`type` as the browser's), or a text area with `rows`. */
function Field({
  label,
  value,
  onChange,
  error,
  required,
  hint,
  lang,
  type = 'text',
  rows,
}: Common & { type?: string; rows?: number }) {
  const id = useId();
  const shared = { lang, value };
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      {(control) =>
        rows ? (
          <Textarea
            {...control}
            {...shared}
            rows={rows}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Input {...control} {...shared} type={type} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </FormField>
  );
}

export const TextField = (props: Common & { type?: string }) => <Field {...props} />;

export const AreaField = ({ rows = 3, ...props }: Common & { rows?: number }) => (
  <Field {...props} rows={rows} />
);

/** Markdown with a preview of what the public page will show (sanitised by the server). */
export function MarkdownField(props: Common) {
  const { t } = useTranslation('siteEditor');
  const preview = usePreview();
  const [shown, setShown] = useState(false);
  const previewId = useId();
  return (
    <div className="flex flex-col gap-2">
      <AreaField {...props} rows={10} hint={props.hint ?? t('markdownHint')} />
      <div>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={shown}
          aria-controls={previewId}
          disabled={preview.isPending}
          onClick={() => {
            if (shown) return setShown(false);
            setShown(true);
            preview.mutate({ markdown: props.value, postId: props.postId });
          }}
        >
          {shown ? t('hidePreview') : t('preview', { field: props.label })}
        </Button>
      </div>
      <section
        id={previewId}
        hidden={!shown}
        aria-label={t('previewOf', { field: props.label })}
        className="rounded-md border border-slate-200 bg-slate-50 p-4"
      >
        {preview.isError ? (
          <Alert tone="error">{t('previewFailed')}</Alert>
        ) : preview.data ? (
          <div
            lang={props.lang}
            className="max-w-none text-sm leading-relaxed text-slate-800 [&_a]:text-teal-800 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
            // sanitised by the server's allow-list (modules/site-content/markdown.ts)
            dangerouslySetInnerHTML={{ __html: preview.data.html }}
          />
        ) : (
          <p className="text-sm text-slate-600">{t('previewLoading')}</p>
        )}
      </section>
    </div>
  );
}

/** Lines of a text area as a list (empty lines dropped). */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** `''` → null, anything else trimmed. */
export const orNull = (s: string) => (s.trim() ? s : null);

/** A list still loading, or one that could not be loaded (with a retry). */
export function ListState({ error, onRetry }: { error: boolean; onRetry: () => void }) {
  const { t } = useTranslation('siteEditor');
  if (error)
    return (
      <Alert tone="error" className="flex flex-wrap items-center gap-2">
        {t('loadFailed')}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner size="sm" />
      {t('loading')}
    </div>
  );
}

/** An editor's frame: its heading, what went wrong with the last save, the fields, Save and Cancel. */
export function EditorForm({
  titleId,
  title,
  error,
  pending,
  onSubmit,
  onCancel,
  notice,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  error: unknown;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  notice?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('siteEditor');
  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {notice}
      <SaveError error={error} onReload={onCancel} />
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : t('save')}
        </Button>
        {actions}
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
