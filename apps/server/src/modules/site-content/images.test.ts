/**
 * Site images (ADR 0034) through the real server: a profile photo uploaded as the raw body is
 * decoded, stripped of its metadata, cropped square and stored at each width in WebP and JPEG
 * (checked with sharp as an independent decoder); served at content-hashed, immutable addresses;
 * shown on the public page with srcset, width, height and alt; refused per role and per bad input
 * with nothing stored.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';
import { fakeSiteDist } from '../../test/site-dist';

let server: TestServer;
let admin: ApiClient;
let specialist: ApiClient;
let researcher: ApiClient;
let anon: ApiClient;
const dist = fakeSiteDist();

beforeAll(async () => {
  // pages kept for a minute: only the upload's clear() can make the photo show at once
  server = await startTestServer({ ...dist.env, SITE_PAGE_CACHE_MS: '60000' });
  [admin, specialist, researcher] = await Promise.all([
    server.signIn(DEMO.admin),
    server.signIn(DEMO.specialist),
    server.signIn(DEMO.researcher),
  ]);
  anon = server.client();
});
afterAll(async () => {
  await server?.close();
  dist.remove();
});

const count = async (table: string) =>
  (await server.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

const ALT = 'altEs=Retrato%20de%20la%20especialista&altEn=Portrait%20of%20the%20specialist';

function upload(client: ApiClient, id: string, body: Uint8Array | string, type: string, q = ALT) {
  return client.request('PUT', `/api/site-editor/specialists/${id}/photo?${q}`, {
    body,
    headers: { 'content-type': type },
  });
}

/** A landscape photo with EXIF (camera, orientation) as a phone would send it. */
const photo = (width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 170 } } })
    .withExif({ IFD0: { Make: 'PainLabCam', Model: 'Secret GPS model' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

async function profiles(client: ApiClient) {
  return (await client.get('/api/site-editor/specialists')).body.items as {
    id: string;
    slug: string;
    own: boolean;
    version: number;
    photo: null | { url: string; altEs: string; altEn: string };
  }[];
}

describe('profile photos', () => {
  it('an admin uploads a photo: square WebP and JPEG at each width, metadata stripped, shown at once with srcset and size', async () => {
    const [javier] = (await profiles(admin)).filter((p) => p.slug === 'javier-morales');
    const before = await anon.get('/especialistas/javier-morales', { 'accept-language': 'es' });
    expect(before.text).not.toContain('<picture');
    const bytes = await photo();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();

    const res = await upload(admin, javier!.id, bytes, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatchObject({ altEn: 'Portrait of the specialist', width: 320 });
    expect(res.body.version).toBe(javier!.version);

    const variants = await server.sql<{ name: string; format: string; width: number }>(
      `select v.name, v.format, v.width from site_image_variant v
         join site_specialist s on s.photo_image_id = v.image_id
        where s.slug = 'javier-morales' order by v.format, v.width`,
    );
    expect(variants.map((v) => `${v.format}:${v.width}`)).toEqual([
      'jpeg:320',
      'jpeg:640',
      'jpeg:1280',
      'webp:320',
      'webp:640',
      'webp:1280',
    ]);
    for (const v of variants) {
      const served = await fetch(`${server.url}/api/site/images/${v.name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(
        v.format === 'webp' ? 'image/webp' : 'image/jpeg',
      );
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe(v.format);
      expect([meta.width, meta.height]).toEqual([v.width, v.width]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const again = await fetch(`${server.url}/api/site/images/${v.name}`, {
        headers: { 'if-none-match': served.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    expect((await fetch(`${server.url}/api/site/images/${'0'.repeat(32)}.webp`)).status).toBe(404);

    for (const [lang, alt] of [
      ['es', 'Retrato de la especialista'],
      ['en', 'Portrait of the specialist'],
    ] as const) {
      const page = await anon.get('/especialistas/javier-morales', { 'accept-language': lang });
      expect(page.text).toContain('<picture');
      expect(page.text).toMatch(
        /<source type="image\/webp" srcset="[^"]+ 320w, [^"]+ 640w, [^"]+ 1280w"/,
      );
      expect(page.text).toContain(`alt="${alt}"`);
      expect(page.text).toMatch(/width="1280" height="1280"/);
      const list = await anon.get('/especialistas', { 'accept-language': lang });
      expect(list.text).toContain(`alt="${alt}"`);
    }

    // a new photo replaces the old one, whose variants are deleted
    const small = await sharp({
      create: { width: 500, height: 300, channels: 4, background: '#aa336699' },
    })
      .png()
      .toBuffer();
    const replaced = await upload(admin, javier!.id, small, 'image/png');
    expect(replaced.status).toBe(200);
    const after = await server.sql<{ width: number; format: string }>(
      `select v.width, v.format from site_image_variant v
         join site_specialist s on s.photo_image_id = v.image_id where s.slug = 'javier-morales'`,
    );
    // never enlarged: 300 px is the square's side
    expect(after.map((v) => v.width).sort()).toEqual([300, 300]);
    expect((await fetch(`${server.url}/api/site/images/${variants[0]!.name}`)).status).toBe(404);
    expect(
      (await server.sql(`select 1 from audit_log where action = 'site.specialist.photo_uploaded'`))
        .length,
    ).toBe(2);

    const removed = await admin.request(
      'DELETE',
      `/api/site-editor/specialists/${javier!.id}/photo`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.photo).toBeNull();
    expect(await count('site_image')).toBe(0);
    const initials = await anon.get('/especialistas/javier-morales', { 'accept-language': 'es' });
    expect(initials.text).not.toContain('<picture');
  });

  it('a specialist sets their own photo only; researchers and visitors may not', async () => {
    const mine = (await profiles(specialist))[0]!;
    expect(mine.own).toBe(true);
    const bytes = await photo(800, 800);
    expect((await upload(specialist, mine.id, bytes, 'image/jpeg')).status).toBe(200);

    const other = (await profiles(admin)).find((p) => p.slug !== mine.slug)!;
    const denied = await auditCount('access.denied');
    const images = await count('site_image');
    expect((await upload(specialist, other.id, bytes, 'image/jpeg')).status).toBe(403);
    expect(
      (await specialist.request('DELETE', `/api/site-editor/specialists/${other.id}/photo`)).status,
    ).toBe(403);
    expect(await auditCount('access.denied')).toBe(denied + 2);
    expect((await upload(researcher, mine.id, bytes, 'image/jpeg')).status).toBe(403);
    expect((await upload(anon, mine.id, bytes, 'image/jpeg')).status).toBe(401);
    expect(await count('site_image')).toBe(images);
  });

  it('bad input is a translated 4xx and stores nothing', async () => {
    const [target] = (await profiles(admin)).filter((p) => p.slug === 'javier-morales');
    const id = target!.id;
    const images = await count('site_image');
    const fieldMessage = (res: { body: { error: { details: { message: string }[] } } }) =>
      res.body.error.details[0]!.message;

    const empty = await upload(admin, id, new Uint8Array(0), 'image/jpeg');
    expect(empty.status).toBe(400);
    const text = await upload(admin, id, 'name,email\nnot,an image\n', 'image/png');
    expect(text.status).toBe(400);
    expect(fieldMessage(text)).toBe('image_unreadable');
    // a GIF (decodable, but not a type we take) sent as a JPEG
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const renamed = await upload(admin, id, gif, 'image/jpeg');
    expect(renamed.status).toBe(400);
    expect(fieldMessage(renamed)).toBe('image_unreadable');
    // a decompression bomb: a tiny PNG whose header says 50,000 × 50,000 pixels (2.5 gigapixels)
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // IHDR's CRC, so it reads as valid
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const huge = await upload(admin, id, bomb, 'image/png');
    expect(huge.status).toBe(400);
    expect(fieldMessage(huge)).toBe('image_too_many_pixels');
    // a truncated file
    const cut = (await photo(600, 600)).subarray(0, 2000);
    expect((await upload(admin, id, cut, 'image/jpeg')).status).toBe(400);
    // over 8 MiB
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    expect((await upload(admin, id, big, 'image/jpeg')).status).toBe(413);
    // a type the route does not take, missing alt text, an unknown profile
    const good = await photo(400, 400);
    // (the text guard reads a body of an undeclared binary type as text first: 400 or 415)
    expect([400, 415]).toContain((await upload(admin, id, good, 'image/gif')).status);
    const noAlt = await upload(admin, id, good, 'image/jpeg', 'altEs=Solo%20es');
    expect(noAlt.status).toBe(400);
    const unknown = await upload(admin, '00000000-0000-4000-8000-000000000000', good, 'image/jpeg');
    expect(unknown.status).toBe(404);
    expect(await count('site_image')).toBe(images);
    expect(noAlt.body.error.message).toBeTruthy();
  });
});

async function auditCount(action: string) {
  return (
    await server.sql<{ n: number }>('select count(*)::int as n from audit_log where action = $1', [
      action,
    ])
  )[0]!.n;
}
