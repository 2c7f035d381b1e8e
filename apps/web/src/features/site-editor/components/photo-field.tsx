/**
 * A profile's photo (ADR 0034): the current one, a file to upload with its alt text in both
 * languages (required), and removal. The server checks, crops and resizes the image; the public
 * pages show it at once.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_IMAGE_TYPES, type StaffSpecialist } from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRemovePhoto, useUploadPhoto } from '../api/site-editor';
import { TextField, useServerErrors } from './fields';

export function PhotoField({ specialist }: { specialist: StaffSpecialist }) {
  const { t } = useTranslation('siteEditor');
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [photo, setPhoto] = useState(specialist.photo);
  const [file, setFile] = useState<File | null>(null);
  const [altEs, setAltEs] = useState(specialist.photo?.altEs ?? '');
  const [altEn, setAltEn] = useState(specialist.photo?.altEn ?? '');
  const [missingFile, setMissingFile] = useState(false);
  const fileId = useId();
  const legendId = useId();
  const err = useServerErrors(upload.error);
  const other =
    upload.error && !isApiError(upload.error, 400)
      ? upload.error instanceof Error
        ? upload.error.message
        : t('saveFailed')
      : null;
  const send = () => {
    if (!file) return setMissingFile(true);
    upload.mutate(
      { id: specialist.id, file, alt: { altEs, altEn } },
      {
        onSuccess: (saved) => {
          setPhoto(saved.photo);
          setFile(null);
          toast.success(t('photo.uploaded'));
        },
      },
    );
  };
  return (
    <fieldset
      aria-labelledby={legendId}
      className="flex flex-col gap-4 rounded-md border border-slate-200 p-4"
    >
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        {t('photo.title')}
      </legend>
      <div className="flex flex-wrap items-center gap-4">
        {photo ? (
          <img
            src={photo.url}
            alt={photo.altEs}
            width={photo.width}
            height={photo.height}
            className="h-20 w-20 rounded-full object-cover"
          />
        ) : (
          <p className="text-sm text-slate-600">{t('photo.none')}</p>
        )}
        {photo ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id: specialist.id },
                {
                  onSuccess: () => {
                    setPhoto(null);
                    toast.success(t('photo.removed'));
                  },
                },
              )
            }
          >
            {t('photo.remove')}
          </Button>
        ) : null}
      </div>
      <FormField
        id={fileId}
        label={photo ? t('photo.replace') : t('photo.file')}
        hint={t('photo.hint')}
        error={missingFile && !file ? t('photo.chooseFile') : err('file')}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept={SITE_IMAGE_TYPES.join(',')}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setMissingFile(false);
            }}
          />
        )}
      </FormField>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('photo.altEs')}
          hint={t('photo.altHint')}
          required
          lang="es"
          value={altEs}
          onChange={setAltEs}
          error={err('altEs')}
        />
        <TextField
          label={t('photo.altEn')}
          required
          lang="en"
          value={altEn}
          onChange={setAltEn}
          error={err('altEn')}
        />
      </div>
      {other ? <Alert tone="error">{other}</Alert> : null}
      <div>
        <Button variant="secondary" disabled={upload.isPending} onClick={send}>
          {upload.isPending ? t('photo.uploading') : t('photo.upload')}
        </Button>
      </div>
    </fieldset>
  );
}
