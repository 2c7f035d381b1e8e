/**
 * Site images and their variants (ADR 0034), kept in the database so every server instance serves
 * the same bytes and nothing is lost on a restart. Only this module reads these tables.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { siteImage, siteImageVariant, sitePost, siteSpecialist } from '../../db/schema';
import type { ProcessedImage } from './images';

type Q = Db | Tx;

export interface ImageSummary {
  id: string;
  width: number;
  height: number;
  altEs: string;
  altEn: string;
  /** Smallest first. */
  variants: { name: string; format: 'webp' | 'jpeg'; width: number; height: number }[];
}

/** The images of `ids` with their variants (without their bytes), by id. */
export async function imageSummaries(db: Q, ids: string[]): Promise<Map<string, ImageSummary>> {
  const result = new Map<string, ImageSummary>();
  if (ids.length === 0) return result;
  const images = await db.select().from(siteImage).where(inArray(siteImage.id, ids));
  for (const i of images)
    result.set(i.id, {
      id: i.id,
      width: i.width,
      height: i.height,
      altEs: i.altEs,
      altEn: i.altEn,
      variants: [],
    });
  const variants = await db
    .select({
      imageId: siteImageVariant.imageId,
      name: siteImageVariant.name,
      format: siteImageVariant.format,
      width: siteImageVariant.width,
      height: siteImageVariant.height,
    })
    .from(siteImageVariant)
    .where(inArray(siteImageVariant.imageId, ids))
    .orderBy(asc(siteImageVariant.width));
  for (const { imageId, ...v } of variants) result.get(imageId)?.variants.push(v);
  return result;
}

/** The images some of whose variants are named `names`, by each of those names. */
export async function imagesByVariantNames(
  db: Q,
  names: string[],
  postId: string,
): Promise<Map<string, ImageSummary>> {
  const result = new Map<string, ImageSummary>();
  if (names.length === 0) return result;
  // only the post's own images: another post's (a draft's, or one deleted later) never show here
  const rows = await db
    .select({ name: siteImageVariant.name, imageId: siteImageVariant.imageId })
    .from(siteImageVariant)
    .innerJoin(siteImage, eq(siteImage.id, siteImageVariant.imageId))
    .where(and(inArray(siteImageVariant.name, names.slice(0, 100)), eq(siteImage.postId, postId)));
  const images = await imageSummaries(db, [...new Set(rows.map((r) => r.imageId))]);
  for (const r of rows) {
    const image = images.get(r.imageId);
    if (image) result.set(r.name, image);
  }
  return result;
}

export async function variantByName(
  db: Q,
  name: string,
): Promise<{ format: 'webp' | 'jpeg'; content: Buffer } | null> {
  const [row] = await db
    .select({ format: siteImageVariant.format, content: siteImageVariant.content })
    .from(siteImageVariant)
    .where(eq(siteImageVariant.name, name))
    .limit(1);
  return row ?? null;
}

export async function insertImage(
  tx: Tx,
  image: ProcessedImage,
  meta: { altEs: string; altEn: string; uploadedBy: string | null; postId?: string },
): Promise<string> {
  const [row] = await tx
    .insert(siteImage)
    .values({ width: image.width, height: image.height, ...meta })
    .returning({ id: siteImage.id });
  await tx.insert(siteImageVariant).values(
    image.variants.map((v) => ({
      imageId: row!.id,
      name: v.name,
      format: v.format,
      width: v.width,
      height: v.height,
      size: v.content.length,
      content: v.content,
    })),
  );
  return row!.id;
}

export async function deleteImage(tx: Tx, id: string): Promise<void> {
  await tx.delete(siteImage).where(eq(siteImage.id, id));
}

/** Locks the profile's row and answers its current photo (undefined: no such profile). */
export async function lockSpecialistPhoto(
  tx: Tx,
  specialistId: string,
): Promise<{ photoImageId: string | null } | undefined> {
  const [row] = await tx
    .select({ photoImageId: siteSpecialist.photoImageId })
    .from(siteSpecialist)
    .where(eq(siteSpecialist.id, specialistId))
    .for('update');
  return row;
}

export async function setSpecialistPhoto(
  tx: Tx,
  specialistId: string,
  imageId: string | null,
): Promise<void> {
  await tx
    .update(siteSpecialist)
    .set({ photoImageId: imageId, updatedAt: new Date() })
    .where(eq(siteSpecialist.id, specialistId));
}

/** Locks the post's row and answers its current cover (undefined: no such post). */
export async function lockPostCover(
  tx: Tx,
  postId: string,
): Promise<{ coverImageId: string | null } | undefined> {
  const [row] = await tx
    .select({ coverImageId: sitePost.coverImageId })
    .from(sitePost)
    .where(eq(sitePost.id, postId))
    .for('update');
  return row;
}

export async function setPostCover(tx: Tx, postId: string, imageId: string | null): Promise<void> {
  await tx
    .update(sitePost)
    .set({ coverImageId: imageId, updatedAt: new Date() })
    .where(eq(sitePost.id, postId));
}
