import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_LANGS,
  type SiteLang,
  type StaffTestimonial,
  type TestimonialInput,
} from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { useFormatters } from '../../../hooks/use-formatters';
import { toast } from '../../../lib/toast';
import {
  useRecordConsent,
  useSaveTestimonial,
  useSiteList,
  useWithdrawConsent,
} from '../api/site-editor';
import {
  AreaField,
  EditorForm,
  ListState,
  orNull,
  SaveError,
  TextField,
  useServerErrors,
} from './fields';

type Form = {
  authorName: string;
  contextEs: string;
  contextEn: string;
  lang: SiteLang;
  quote: string;
  translation: string;
  rating: string;
};

const formOf = (x: StaffTestimonial | null): Form => ({
  authorName: x?.authorName ?? '',
  contextEs: x?.contextEs ?? '',
  contextEn: x?.contextEn ?? '',
  lang: x?.lang ?? 'es',
  quote: x?.quote ?? '',
  translation: x?.translation ?? '',
  rating: String(x?.rating ?? 5),
});

const inputOf = (f: Form): TestimonialInput => ({
  authorName: f.authorName,
  contextEs: f.contextEs,
  contextEn: orNull(f.contextEn),
  lang: f.lang,
  quote: f.quote,
  translation: orNull(f.translation),
  rating: Number(f.rating),
});

function TestimonialEditor({
  item,
  onDone,
}: {
  item: StaffTestimonial | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('siteEditor');
  const save = useSaveTestimonial();
  const [form, setForm] = useState(() => formOf(item));
  const err = useServerErrors(save.error);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <EditorForm
      titleId="testimonial-editor-title"
      title={item ? t('testimonials.edit', { name: item.authorName }) : t('testimonials.new')}
      error={save.error}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          { id: item?.id ?? null, input: inputOf(form), version: item?.version },
          {
            onSuccess: () => {
              toast.success(t('saved'));
              onDone();
            },
          },
        )
      }
      onCancel={onDone}
      notice={
        item?.live ? <Alert tone="warning">{t('testimonials.newWordsNeedConsent')}</Alert> : null
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('fields.authorName')}
          hint={t('testimonials.authorHint')}
          required
          value={form.authorName}
          onChange={set('authorName')}
          error={err('authorName')}
        />
        <FormField id="testimonial-lang" label={t('fields.writtenIn')} required>
          {(control) => (
            <Select {...control} value={form.lang} onChange={(e) => set('lang')(e.target.value)}>
              {SITE_LANGS.map((l) => (
                <option key={l} value={l}>
                  {t(`languages.${l}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <TextField
          label={t('fields.contextEs')}
          required
          lang="es"
          value={form.contextEs}
          onChange={set('contextEs')}
          error={err('contextEs')}
        />
        <TextField
          label={t('fields.contextEn')}
          lang="en"
          value={form.contextEn}
          onChange={set('contextEn')}
          error={err('contextEn')}
        />
        <FormField
          id="testimonial-rating"
          label={t('fields.rating')}
          required
          error={err('rating')}
        >
          {(control) => (
            <Select
              {...control}
              value={form.rating}
              onChange={(e) => set('rating')(e.target.value)}
            >
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t('stars', { count: n })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <AreaField
        label={t('fields.quote')}
        hint={t('testimonials.quoteHint')}
        required
        lang={form.lang}
        rows={4}
        value={form.quote}
        onChange={set('quote')}
        error={err('quote')}
      />
      <AreaField
        label={t('fields.translation')}
        lang={form.lang === 'es' ? 'en' : 'es'}
        rows={4}
        value={form.translation}
        onChange={set('translation')}
        error={err('translation')}
      />
    </EditorForm>
  );
}

function ConsentForm({ item }: { item: StaffTestimonial }) {
  const { t } = useTranslation('siteEditor');
  const record = useRecordConsent();
  const err = useServerErrors(record.error);
  const [givenBy, setGivenBy] = useState(item.authorName);
  const [givenAt, setGivenAt] = useState(() => new Date().toISOString().slice(0, 10));
  const [method, setMethod] = useState('');
  const headingId = useId();
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="mt-3 flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate(
          {
            id: item.id,
            input: {
              givenBy,
              givenAt: givenAt ? new Date(`${givenAt}T12:00:00`).toISOString() : '',
              method,
              version: item.version,
            },
          },
          { onSuccess: () => toast.success(t('testimonials.consentRecorded')) },
        );
      }}
    >
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('testimonials.recordConsent')}
      </h4>
      <SaveError error={record.error} onReload={() => record.reset()} />
      <div className="grid gap-3 md:grid-cols-3">
        <TextField
          label={t('fields.givenBy')}
          required
          value={givenBy}
          onChange={setGivenBy}
          error={err('givenBy')}
        />
        <TextField
          type="date"
          label={t('fields.givenAt')}
          required
          value={givenAt}
          onChange={setGivenAt}
          error={err('givenAt')}
        />
        <TextField
          label={t('fields.method')}
          hint={t('testimonials.methodHint')}
          required
          value={method}
          onChange={setMethod}
          error={err('method')}
        />
      </div>
      <div>
        <Button type="submit" size="sm" disabled={record.isPending}>
          {t('testimonials.recordConsent')}
        </Button>
      </div>
    </form>
  );
}

function TestimonialCard({ item, onEdit }: { item: StaffTestimonial; onEdit: () => void }) {
  const { t } = useTranslation('siteEditor');
  const fmt = useFormatters();
  const withdraw = useWithdrawConsent();
  const [confirming, setConfirming] = useState(false);
  const inForce = item.consents.filter((c) => c.withdrawnAt === null);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{item.authorName}</h3>
          <p className="text-sm text-slate-600">
            {item.contextEs} · {t('stars', { count: item.rating })}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${item.live ? 'bg-teal-100 text-teal-900' : 'bg-slate-100 text-slate-700'}`}
        >
          {item.live ? t('live') : t('testimonials.notShown')}
        </span>
      </div>
      <blockquote
        lang={item.lang}
        className="mt-3 border-l-4 border-teal-200 pl-3 text-sm text-slate-800 italic"
      >
        {item.quote}
      </blockquote>
      <h4 className="mt-3 text-sm font-semibold text-slate-900">{t('testimonials.consents')}</h4>
      {item.consents.length === 0 ? (
        <p className="text-sm text-slate-600">{t('testimonials.noConsent')}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
          {item.consents.map((c) => (
            <li key={c.id}>
              {t('testimonials.consentLine', {
                who: c.givenBy,
                date: fmt.dateTime(c.givenAt),
                method: c.method,
              })}
              {c.withdrawnAt
                ? ` · ${t('testimonials.withdrawnOn', { date: fmt.dateTime(c.withdrawnAt) })}`
                : ''}
              {!c.current ? ` · ${t('testimonials.otherText')}` : ''}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${t('edit')}: ${item.authorName}`}
          onClick={onEdit}
        >
          {t('edit')}
        </Button>
        {inForce.length > 0 ? (
          <Button
            size="sm"
            variant="dangerGhost"
            aria-label={`${t('testimonials.withdraw')}: ${item.authorName}`}
            onClick={() => setConfirming(true)}
          >
            {t('testimonials.withdraw')}
          </Button>
        ) : null}
      </div>
      {!item.live ? <ConsentForm key={item.version} item={item} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('testimonials.withdrawTitle', { name: item.authorName })}
        confirmLabel={t('testimonials.withdraw')}
        cancelLabel={t('cancel')}
        tone="danger"
        pending={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          withdraw.mutate(
            { id: item.id },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success(t('testimonials.withdrawn'));
              },
            },
          )
        }
      >
        <p>{t('testimonials.withdrawBody')}</p>
      </ConfirmDialog>
    </li>
  );
}

/** Testimonials and their consent records (administrators). */
export function TestimonialsPanel() {
  const { t } = useTranslation('siteEditor');
  const list = useSiteList('testimonials');
  const [editing, setEditing] = useState<StaffTestimonial | 'new' | null>(null);
  if (!list.data) return <ListState error={list.isError} onRetry={() => void list.refetch()} />;
  if (editing)
    return (
      <TestimonialEditor
        key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
        item={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">{t('testimonials.rule')}</p>
        <Button onClick={() => setEditing('new')}>{t('testimonials.new')}</Button>
      </div>
      <ul className="flex flex-col gap-3">
        {list.data.items.map((x) => (
          <TestimonialCard key={x.id} item={x} onEdit={() => setEditing(x)} />
        ))}
      </ul>
    </div>
  );
}
