/** A profile's photo (ADR 0034): cropped square by the server, shown in a circle. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSpecialist } from '@painlab/shared/site-content';
import { toast } from '../../../lib/toast';
import { useRemovePhoto, useUploadPhoto } from '../api/site-editor';
import { ImageField } from './image-field';

export function PhotoField({ specialist }: { specialist: StaffSpecialist }) {
  const { t } = useTranslation('siteEditor');
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [photo, setPhoto] = useState(specialist.photo);
  return (
    <ImageField
      kind="photo"
      image={photo}
      pending={upload.isPending}
      error={upload.error}
      onUpload={(file, alt, done) =>
        upload.mutate(
          { id: specialist.id, file, alt },
          {
            onSuccess: (saved) => {
              setPhoto(saved.photo);
              done();
              toast.success(t('photo.uploaded'));
            },
          },
        )
      }
      removing={remove.isPending}
      onRemove={() =>
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
    />
  );
}
