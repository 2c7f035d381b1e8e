/**
 * Images uploaded in the site editor (ADR 0034): checked by decoding them with sharp (never by
 * their name or declared type), limited in bytes (the route's body limit) and pixels, turned
 * upright by their EXIF orientation, stripped of every metadata block (EXIF, GPS, XMP, ICC — sharp
 * writes none unless asked), and resized once, at upload, to the widths of SITE_IMAGE_WIDTHS that
 * are not larger than the image, in WebP and JPEG. Names are content hashes, so a variant's public
 * address never changes its bytes and may be cached for ever.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  SITE_IMAGE_MAX_PIXELS,
  SITE_IMAGE_WIDTHS,
  type SiteImage,
  type SiteLang,
  type StaffPhoto,
} from '@painlab/shared/site-content';
import { DomainError } from '../../lib/domain-error';
import type { ImageSummary } from './images.repository';

export interface ImageVariant {
  name: string;
  format: 'webp' | 'jpeg';
  width: number;
  height: number;
  content: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const EXTENSION = { webp: 'webp', jpeg: 'jpg' } as const;
/** Where a variant is served (site-content.routes.ts, `siteImageRoute`). */
export const imageUrl = (name: string) => `/api/site/images/${name}`;

// one image at a time per process is plenty for an editor, and keeps a 2-core box responsive
sharp.concurrency(1);

const refuse = (message: 'required' | 'image_unreadable' | 'image_too_many_pixels') =>
  DomainError.invalidField('file', message);

/** sharp's error as our field error: over the pixel limit, or not a readable image. */
const refusal = (error: unknown) =>
  refuse(
    error instanceof Error && /pixel limit/i.test(error.message)
      ? 'image_too_many_pixels'
      : 'image_unreadable',
  );

function decoder(bytes: Uint8Array) {
  // failOn 'error': a truncated or corrupt file is refused rather than shown half-decoded
  return sharp(bytes, { limitInputPixels: SITE_IMAGE_MAX_PIXELS, failOn: 'error' });
}

/**
 * Checks and resizes an upload. `square` crops to the centre square first (profile photos, shown
 * in a circle). Throws a field error on `file` for anything that is not a usable image.
 */
export async function processImage(
  bytes: Uint8Array,
  { square }: { square: boolean },
): Promise<ProcessedImage> {
  if (bytes.length === 0) throw refuse('required');
  const meta = await decoder(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw refusal(error);
    });
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw refuse('image_unreadable');
  // the header's size is checked before any pixel is decoded (sharp checks it again when decoding)
  if (meta.width * meta.height > SITE_IMAGE_MAX_PIXELS) throw refuse('image_too_many_pixels');
  const rotated = (meta.orientation ?? 1) >= 5;
  const fullWidth = rotated ? meta.height : meta.width;
  const fullHeight = rotated ? meta.width : meta.height;
  const side = Math.min(fullWidth, fullHeight);
  const sourceWidth = square ? side : fullWidth;
  const widths = SITE_IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  if (widths.length === 0) widths.push(sourceWidth as (typeof SITE_IMAGE_WIDTHS)[number]);

  const variants: ImageVariant[] = [];
  try {
    for (const width of widths) {
      const height = square ? width : Math.max(1, Math.round((fullHeight * width) / fullWidth));
      const resized = decoder(bytes)
        .rotate()
        .resize({ width, height, fit: 'cover', position: 'attention' });
      for (const format of ['webp', 'jpeg'] as const) {
        const pipeline =
          format === 'webp'
            ? resized.clone().webp({ quality: 80 })
            : resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82 });
        const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
        const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
        variants.push({
          name: `${hash}.${EXTENSION[format]}`,
          format,
          width: info.width,
          height: info.height,
          content: data,
        });
      }
    }
  } catch (error) {
    throw refusal(error);
  }
  const largest = variants[variants.length - 1]!;
  return { width: largest.width, height: largest.height, variants };
}

/** An image as a public page shows it, alt text in the visitor's language. */
export function toSiteImage(image: ImageSummary, lang: SiteLang): SiteImage | null {
  const of = (format: 'webp' | 'jpeg') => image.variants.filter((v) => v.format === format);
  const srcset = (format: 'webp' | 'jpeg') =>
    of(format)
      .map((v) => `${imageUrl(v.name)} ${v.width}w`)
      .join(', ');
  const fallback = of('jpeg')[0];
  if (!fallback) return null;
  return {
    alt: lang === 'en' ? image.altEn : image.altEs,
    width: image.width,
    height: image.height,
    src: imageUrl(fallback.name),
    srcsetWebp: srcset('webp'),
    srcsetJpeg: srcset('jpeg'),
  };
}

/** An image as the editor shows it. */
export function toStaffPhoto(image: ImageSummary): StaffPhoto | null {
  const small = image.variants.find((v) => v.format === 'webp');
  if (!small) return null;
  return {
    altEs: image.altEs,
    altEn: image.altEn,
    url: imageUrl(small.name),
    width: small.width,
    height: small.height,
  };
}
