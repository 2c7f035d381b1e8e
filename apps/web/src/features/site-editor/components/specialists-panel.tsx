import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpecialistInput, StaffSpecialist } from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useSaveSpecialist, useSiteList } from '../api/site-editor';
import {
  AreaField,
  linesOf,
  ListState,
  MarkdownField,
  orNull,
  EditorForm,
  TextField,
  useServerErrors,
} from './fields';
import { PhotoField } from './photo-field';

type Form = Record<
  | 'slug'
  | 'name'
  | 'credentials'
  | 'initials'
  | 'roleEs'
  | 'roleEn'
  | 'specialtiesEs'
  | 'specialtiesEn'
  | 'languages'
  | 'qualifications'
  | 'bioEs'
  | 'bioEn',
  string
> & { published: boolean };

const formOf = (s: StaffSpecialist | null): Form => ({
  slug: s?.slug ?? '',
  name: s?.name ?? '',
  credentials: s?.credentials ?? '',
  initials: s?.initials ?? '',
  roleEs: s?.roleEs ?? '',
  roleEn: s?.roleEn ?? '',
  specialtiesEs: s?.specialtiesEs.join('\n') ?? '',
  specialtiesEn: s?.specialtiesEn?.join('\n') ?? '',
  languages: s?.languages.join(', ') ?? 'es',
  qualifications: s?.qualifications.join('\n') ?? '',
  bioEs: s?.bioEs ?? '',
  bioEn: s?.bioEn ?? '',
  published: s?.published ?? false,
});

const inputOf = (f: Form): SpecialistInput => ({
  slug: f.slug.trim(),
  name: f.name,
  credentials: f.credentials,
  initials: f.initials,
  roleEs: f.roleEs,
  roleEn: orNull(f.roleEn),
  specialtiesEs: linesOf(f.specialtiesEs),
  specialtiesEn: f.specialtiesEn.trim() ? linesOf(f.specialtiesEn) : null,
  languages: f.languages
    .split(',')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean),
  qualifications: linesOf(f.qualifications),
  bioEs: f.bioEs,
  bioEn: orNull(f.bioEn),
  published: f.published,
});

function SpecialistEditor({
  specialist,
  onDone,
}: {
  specialist: StaffSpecialist | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('siteEditor');
  const save = useSaveSpecialist();
  const [form, setForm] = useState(() => formOf(specialist));
  const err = useServerErrors(save.error);
  const publishedId = useId();
  const set = (key: Exclude<keyof Form, 'published'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <div className="flex flex-col gap-6">
      <EditorForm
        titleId="profile-editor-title"
        title={specialist ? t('profiles.edit', { name: specialist.name }) : t('profiles.new')}
        error={save.error}
        pending={save.isPending}
        onSubmit={() =>
          save.mutate(
            { id: specialist?.id ?? null, input: inputOf(form), version: specialist?.version },
            {
              onSuccess: () => {
                toast.success(t('saved'));
                onDone();
              },
            },
          )
        }
        onCancel={onDone}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={t('fields.name')}
            required
            value={form.name}
            onChange={set('name')}
            error={err('name')}
          />
          <TextField
            label={t('fields.slug')}
            hint={t('profiles.slugHint')}
            required
            value={form.slug}
            onChange={set('slug')}
            error={err('slug')}
          />
          <TextField
            label={t('fields.credentials')}
            hint={t('profiles.credentialsHint')}
            value={form.credentials}
            onChange={set('credentials')}
            error={err('credentials')}
          />
          <TextField
            label={t('fields.initials')}
            required
            value={form.initials}
            onChange={set('initials')}
            error={err('initials')}
          />
          <TextField
            label={t('fields.languages')}
            hint={t('profiles.languagesHint')}
            value={form.languages}
            onChange={set('languages')}
            error={err('languages')}
          />
          <AreaField
            label={t('fields.qualifications')}
            hint={t('onePerLine')}
            value={form.qualifications}
            onChange={set('qualifications')}
            error={err('qualifications')}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={publishedId}
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600"
            checked={form.published}
            onChange={(e) => setForm((f) => ({ ...f, published: e.target.checked }))}
          />
          <label htmlFor={publishedId} className="text-sm font-medium text-slate-800">
            {t('profiles.published')}
          </label>
        </div>
        <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4" lang="es">
          <legend className="pt-2 text-base font-semibold text-slate-900">
            {t('languages.es')}
          </legend>
          <TextField
            label={t('fields.role')}
            required
            lang="es"
            value={form.roleEs}
            onChange={set('roleEs')}
            error={err('roleEs')}
          />
          <AreaField
            label={t('fields.specialties')}
            hint={t('onePerLine')}
            lang="es"
            value={form.specialtiesEs}
            onChange={set('specialtiesEs')}
            error={err('specialtiesEs')}
          />
          <MarkdownField
            label={t('fields.bio')}
            required
            lang="es"
            value={form.bioEs}
            onChange={set('bioEs')}
            error={err('bioEs')}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4" lang="en">
          <legend className="pt-2 text-base font-semibold text-slate-900">
            {t('languages.en')}
          </legend>
          <p className="text-sm text-slate-600">{t('englishFallbackHint')}</p>
          <TextField
            label={t('fields.roleEn')}
            lang="en"
            value={form.roleEn}
            onChange={set('roleEn')}
            error={err('roleEn')}
          />
          <AreaField
            label={t('fields.specialtiesEn')}
            hint={t('onePerLine')}
            lang="en"
            value={form.specialtiesEn}
            onChange={set('specialtiesEn')}
            error={err('specialtiesEn')}
          />
          <MarkdownField
            label={t('fields.bioEn')}
            lang="en"
            value={form.bioEn}
            onChange={set('bioEn')}
            error={err('bioEn')}
          />
        </fieldset>
      </EditorForm>
      {specialist ? <PhotoField specialist={specialist} /> : null}
    </div>
  );
}

/** Specialist profiles: all for an administrator, their own for a specialist. */
export function SpecialistsPanel({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation('siteEditor');
  const list = useSiteList('specialists');
  const [editing, setEditing] = useState<StaffSpecialist | 'new' | null>(null);
  if (!list.data) return <ListState error={list.isError} onRetry={() => void list.refetch()} />;
  if (editing)
    return (
      <SpecialistEditor
        key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
        specialist={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      {canCreate ? (
        <div className="flex justify-end">
          <Button onClick={() => setEditing('new')}>{t('profiles.new')}</Button>
        </div>
      ) : null}
      {list.data.items.length === 0 ? <Alert tone="info">{t('profiles.none')}</Alert> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {list.data.items.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{s.name}</h3>
              <p className="text-sm text-slate-600">
                {s.roleEs}
                {s.bioEn ? '' : ` · ${t('noEnglish')}`}
              </p>
              <p className="mt-1 text-xs text-slate-600">
                {s.published ? t('profiles.isPublished') : t('profiles.isHidden')}
                {s.own ? ` · ${t('profiles.own')}` : ''}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {s.published ? (
                <a
                  className="rounded text-sm font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                  href={`/especialistas/${s.slug}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t('viewOnSite')}
                  <span className="sr-only">: {s.name}</span>
                </a>
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t('edit')}: ${s.name}`}
                onClick={() => setEditing(s)}
              >
                {t('edit')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
