/**
 * An image of the public site (ADR 0034, 0036): the current one, a file to upload with its alt
 * text in both languages (required), and removal. The server checks, resizes and strips the image;
 * the public pages show it at once. `kind` picks the texts: a profile's photo, a post's cover, or an
 * image to put inside a post's text (no current image: each upload is a new one).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_IMAGE_TYPES, type ImageAlt, type StaffPhoto } from '@painlab/shared/site-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { TextField, useServerErrors } from './fields';

export type ImageKind = 'photo' | 'cover' | 'inline';

export function ImageField({
  kind,
  image,
  pending,
  error,
  onUpload,
  removing = false,
  onRemove,
}: {
  kind: ImageKind;
  /** The current image (a photo or a cover), or null. */
  image: StaffPhoto | null;
  pending: boolean;
  error: unknown;
  /** Sends the file; calls `done` once it is stored (the form is then emptied). */
  onUpload: (file: File, alt: ImageAlt, done: () => void) => void;
  removing?: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('siteEditor');
  const [file, setFile] = useState<File | null>(null);
  const [altEs, setAltEs] = useState(image?.altEs ?? '');
  const [altEn, setAltEn] = useState(image?.altEn ?? '');
  const [missingFile, setMissingFile] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const fileId = useId();
  const legendId = useId();
  const err = useServerErrors(error);
  const other =
    error && !isApiError(error, 400)
      ? error instanceof Error
        ? error.message
        : t('saveFailed')
      : null;
  const send = () => {
    if (!file) return setMissingFile(true);
    onUpload(file, { altEs, altEn }, () => {
      setFile(null);
      setInputKey((k) => k + 1);
      if (kind === 'inline') {
        setAltEs('');
        setAltEn('');
      }
    });
  };
  return (
    <fieldset
      aria-labelledby={legendId}
      className="flex flex-col gap-4 rounded-md border border-slate-200 p-4"
    >
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        {t(`${kind}.title`)}
      </legend>
      {kind === 'inline' ? (
        <p className="text-sm text-slate-600">{t('inline.intro')}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          {image ? (
            <img
              src={image.url}
              alt={image.altEs}
              width={image.width}
              height={image.height}
              className={
                kind === 'photo'
                  ? 'h-20 w-20 rounded-full object-cover'
                  : 'h-24 w-auto rounded-md object-cover'
              }
            />
          ) : (
            <p className="text-sm text-slate-600">{t(`${kind}.none`)}</p>
          )}
          {image && onRemove ? (
            <Button size="sm" variant="secondary" disabled={removing} onClick={onRemove}>
              {t(`${kind}.remove`)}
            </Button>
          ) : null}
        </div>
      )}
      <FormField
        id={fileId}
        label={image ? t(`${kind}.replace`) : t(`${kind}.file`)}
        hint={t(`${kind}.hint`)}
        error={missingFile && !file ? t('photo.chooseFile') : err('file')}
      >
        {(control) => (
          <Input
            {...control}
            key={inputKey}
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
          label={t(`${kind}.altEs`)}
          hint={t(`${kind}.altHint`)}
          required
          lang="es"
          value={altEs}
          onChange={setAltEs}
          error={err('altEs')}
        />
        <TextField
          label={t(`${kind}.altEn`)}
          required
          lang="en"
          value={altEn}
          onChange={setAltEn}
          error={err('altEn')}
        />
      </div>
      {other ? <Alert tone="error">{other}</Alert> : null}
      <div>
        <Button variant="secondary" disabled={pending} onClick={send}>
          {pending ? t('photo.uploading') : t(`${kind}.upload`)}
        </Button>
      </div>
    </fieldset>
  );
}
