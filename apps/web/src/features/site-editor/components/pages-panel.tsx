import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAGE_KEYS,
  PAGE_PATHS,
  SITE_LANGS,
  type PageKey,
  type SiteLang,
  type StaffPageText,
} from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../lib/toast';
import { useSavePageText, useSiteList } from '../api/site-editor';
import { ListState, MarkdownField, SaveError, TextField, useServerErrors } from './fields';

function PageTextEditor({
  page,
  lang,
  text,
}: {
  page: PageKey;
  lang: SiteLang;
  text: StaffPageText | undefined;
}) {
  const { t } = useTranslation('siteEditor');
  const save = useSavePageText();
  const err = useServerErrors(save.error);
  const [form, setForm] = useState({
    title: text?.title ?? '',
    summary: text?.summary ?? '',
    body: text?.body ?? '',
  });
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const other = lang === 'es' ? 'en' : 'es';
  return (
    <form
      noValidate
      aria-labelledby={`page-${lang}-title`}
      lang={lang}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { page, lang, input: { ...form, version: text?.version ?? 0 } },
          { onSuccess: () => toast.success(t('savedLive')) },
        );
      }}
    >
      <h2 id={`page-${lang}-title`} className="text-lg font-semibold text-slate-900">
        {t(`languages.${lang}`)}
      </h2>
      {!text ? (
        <Alert tone="warning">
          {t('pages.missing', { language: t(`languages.${lang}`), other: t(`languages.${other}`) })}
        </Alert>
      ) : null}
      <SaveError error={save.error} onReload={() => save.reset()} />
      <TextField
        label={t('fields.title')}
        required
        lang={lang}
        value={form.title}
        onChange={set('title')}
        error={err('title')}
      />
      <TextField
        label={t('fields.summary')}
        required
        lang={lang}
        value={form.summary}
        onChange={set('summary')}
        error={err('summary')}
      />
      <MarkdownField
        label={t('fields.body')}
        required
        lang={lang}
        value={form.body}
        onChange={set('body')}
        error={err('body')}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** The texts of the service and community pages, in both languages (administrators). */
export function PagesPanel() {
  const { t } = useTranslation('siteEditor');
  const list = useSiteList('pages');
  const [page, setPage] = useState<PageKey>(PAGE_KEYS[0]);
  if (!list.data) return <ListState error={list.isError} onRetry={() => void list.refetch()} />;
  const texts = list.data.items.filter((p) => p.page === page);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <FormField id="page-key" label={t('pages.page')} className="min-w-64">
          {(control) => (
            <Select {...control} value={page} onChange={(e) => setPage(e.target.value as PageKey)}>
              {PAGE_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`pages.keys.${k}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <a
          className="mb-2 rounded text-sm font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          href={PAGE_PATHS[page]}
          target="_blank"
          rel="noopener"
        >
          {t('viewOnSite')}
        </a>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {SITE_LANGS.map((lang) => {
          const text = texts.find((x) => x.lang === lang);
          return (
            <PageTextEditor
              key={`${page}-${lang}-${text?.version ?? 0}`}
              page={page}
              lang={lang}
              text={text}
            />
          );
        })}
      </div>
    </div>
  );
}
