/**
 * The demo posts' covers: one per published demo post, alt text in both languages, and each SVG
 * goes through the real upload pipeline (decoded by sharp, resized, WebP and JPEG) at 16:9.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEMO_COVERS } from './site-content.demo-covers';
import { DEMO_POSTS } from './site-content.demo';
import { processImage } from './images';

describe('demo covers', () => {
  it('cover every published demo post, with alt text in both languages', () => {
    const published = DEMO_POSTS.filter((p) => p.status !== 'draft').map((p) => p.slug);
    expect(DEMO_COVERS.map((c) => c.slug).sort()).toEqual([...published].sort());
    for (const c of DEMO_COVERS) {
      expect(c.altEs.length).toBeGreaterThan(20);
      expect(c.altEn.length).toBeGreaterThan(20);
      expect(c.altEs).not.toBe(c.altEn);
    }
  });

  it('render and go through the upload pipeline at every width', async () => {
    for (const c of DEMO_COVERS) {
      const png = await sharp(Buffer.from(c.svg)).png().toBuffer();
      const image = await processImage(png, { square: false });
      expect(
        image.variants.map((v) => `${v.format}:${v.width}x${v.height}`),
        c.slug,
      ).toEqual([
        'webp:320x180',
        'jpeg:320x180',
        'webp:640x360',
        'jpeg:640x360',
        'webp:1280x720',
        'jpeg:1280x720',
      ]);
    }
  }, 60_000);
});
