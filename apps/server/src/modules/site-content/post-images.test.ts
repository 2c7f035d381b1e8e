/**
 * Post images (ADR 0036) through the real server: a cover uploaded as the raw body is resized
 * without cropping and shown on the post page (first, at its size) and in the blog list (lazy); an
 * image uploaded into a post's text is answered as Markdown and shown with its size and every
 * variant, while any other image in the text is removed; a specialist may only touch their own
 * posts (403, audited); deleting the post deletes its images; bad input stores nothing.
 */
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
let seq = 0;

beforeAll(async () => {
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

const ALT = 'altEs=Manos%20sobre%20una%20taza&altEn=Hands%20around%20a%20cup';

const picture = (width = 1800, height = 1000, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 60 } } })
    .withExif({ IFD0: { Make: 'PainLabCam' } })
    .jpeg()
    .toBuffer();

async function publishedPost(authorSlug = 'sofia-herrera', body = 'Un texto.') {
  const slug = `imagenes-${++seq}-${Date.now()}`;
  const res = await admin.post('/api/site-editor/posts', {
    slug,
    authorSlug,
    status: 'published',
    publishAt: null,
    tags: ['dolor'],
    titleEs: `Entrada con imágenes ${seq}`,
    summaryEs: 'Resumen.',
    bodyEs: body,
    titleEn: `Post with images ${seq}`,
    summaryEn: 'Summary.',
    bodyEn: body,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; version: number };
}

const send = (client: ApiClient, path: string, body: Uint8Array | string, type = 'image/jpeg') =>
  client.request(path.endsWith('/cover') ? 'PUT' : 'POST', `${path}?${ALT}`, {
    body,
    headers: { 'content-type': type },
  });

describe('post covers', () => {
  it('an admin sets a cover: not cropped, shown first on the post page and lazily in the list, in both languages', async () => {
    const post = await publishedPost();
    const res = await send(admin, `/api/site-editor/posts/${post.id}/cover`, await picture());
    expect(res.status).toBe(200);
    expect(res.body.cover).toMatchObject({ altEs: 'Manos sobre una taza', width: 320 });
    expect(res.body.version).toBe(post.version);

    const variants = await server.sql<{ format: string; width: number; height: number }>(
      `select v.format, v.width, v.height from site_image_variant v
         join site_post p on p.cover_image_id = v.image_id
        where p.id = $1 order by v.format, v.width`,
      [post.id],
    );
    // 1800 × 1000 keeps its shape (not a square)
    expect(variants.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual([
      'jpeg:320x178',
      'jpeg:640x356',
      'jpeg:1280x711',
      'webp:320x178',
      'webp:640x356',
      'webp:1280x711',
    ]);

    const es = await anon.get(`/blog/${post.slug}`, { 'accept-language': 'es' });
    expect(es.status).toBe(200);
    const cover = /<picture>[\s\S]*?<\/picture>/.exec(es.text)?.[0] ?? '';
    expect(cover).toContain('type="image/webp"');
    expect(cover).toContain('alt="Manos sobre una taza"');
    expect(cover).toContain('width="1280"');
    expect(cover).toContain('height="711"');
    expect(cover).toContain('fetchpriority="high"');
    expect(cover).toContain('loading="eager"');
    const en = await anon.get(`/blog/${post.slug}?lang=en`, { 'accept-language': 'en' });
    expect(en.text).toContain('alt="Hands around a cup"');
    // link previews and schema.org BlogPosting name the largest JPEG
    const largest = /<meta property="og:image" content="([^"]+)"/.exec(en.text)?.[1] ?? '';
    expect(largest).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/site\/images\/[0-9a-f]{32}\.jpg$/);
    expect(en.text).toContain('<meta property="og:image:width" content="1280">');
    expect(en.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(en.text).toContain(`"image":"${largest}"`);
    const list = await anon.get('/blog?lang=es');
    expect(list.text).toMatch(/<picture>[\s\S]*?alt="Manos sobre una taza"[^>]*loading="lazy"/);
    const api = await anon.get(`/api/site/posts/${post.slug}?lang=en`);
    expect(api.body.cover).toMatchObject({ alt: 'Hands around a cup', width: 1280, height: 711 });

    // replacing deletes the old image; removing leaves none
    const images = await count('site_image');
    expect(
      (await send(admin, `/api/site-editor/posts/${post.id}/cover`, await picture(900, 900)))
        .status,
    ).toBe(200);
    expect(await count('site_image')).toBe(images);
    const removed = await admin.request('DELETE', `/api/site-editor/posts/${post.id}/cover`);
    expect(removed.status).toBe(200);
    expect(removed.body.cover).toBeNull();
    expect(await count('site_image')).toBe(images - 1);
    expect((await anon.get(`/blog/${post.slug}`)).text).not.toContain('<picture>');
  });

  it('a specialist may set the cover of their own post only; a researcher and a visitor may not', async () => {
    const own = await publishedPost('sofia-herrera');
    const other = await publishedPost('javier-morales');
    const bytes = await picture(640, 400);
    expect((await send(specialist, `/api/site-editor/posts/${own.id}/cover`, bytes)).status).toBe(
      200,
    );
    const images = await count('site_image');
    const denied = await send(specialist, `/api/site-editor/posts/${other.id}/cover`, bytes);
    expect(denied.status).toBe(403);
    const audit = await server.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'access.denied' and record_id = $1`,
      [other.id],
    );
    expect(audit[0]!.n).toBe(1);
    expect(
      (await specialist.request('DELETE', `/api/site-editor/posts/${other.id}/cover`)).status,
    ).toBe(403);
    expect((await send(researcher, `/api/site-editor/posts/${own.id}/cover`, bytes)).status).toBe(
      403,
    );
    expect((await send(anon, `/api/site-editor/posts/${own.id}/cover`, bytes)).status).toBe(401);
    expect(await count('site_image')).toBe(images);
  });

  it('bad input is refused with nothing stored', async () => {
    const post = await publishedPost();
    const images = await count('site_image');
    const cases: [Uint8Array | string, string, string, number, string][] = [
      [new Uint8Array(), 'image/jpeg', ALT, 400, 'required'],
      ['<svg onload="alert(1)"/>', 'image/png', ALT, 400, 'image_unreadable'],
      [(await picture()).subarray(0, 400), 'image/jpeg', ALT, 400, 'image_unreadable'],
      [await picture(), 'image/jpeg', 'altEs=solo', 400, ''],
      [await picture(), 'image/jpeg', `${ALT}&extra=1`, 400, ''],
    ];
    for (const [body, type, q, status, code] of cases) {
      const res = await admin.request('PUT', `/api/site-editor/posts/${post.id}/cover?${q}`, {
        body,
        headers: { 'content-type': type },
      });
      expect(res.status, `${type} ${q}`).toBe(status);
      if (code) expect(JSON.stringify(res.body)).toContain(code);
    }
    const unknown = await send(
      admin,
      '/api/site-editor/posts/00000000-0000-4000-8000-000000000000/cover',
      await picture(320, 200),
    );
    expect(unknown.status).toBe(404);
    const big = await admin.request('PUT', `/api/site-editor/posts/${post.id}/cover?${ALT}`, {
      body: new Uint8Array(8 * 1024 * 1024 + 1),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(big.status).toBe(413);
    expect(await count('site_image')).toBe(images);
  });
});

describe('images inside a post', () => {
  it('an uploaded image is answered as Markdown and shown at its size with every variant; any other image is removed', async () => {
    const post = await publishedPost();
    // a colour no other test uses: equal bytes would share a content-hashed name
    const up = await send(
      admin,
      `/api/site-editor/posts/${post.id}/images`,
      await picture(1800, 1000, 17),
    );
    expect(up.status).toBe(201);
    expect(up.body.markdown).toBe(`![Manos sobre una taza](${up.body.url})`);
    expect(up.body.markdownEn).toBe(`![Hands around a cup](${up.body.url})`);
    expect(up.body.url).toMatch(/^\/api\/site\/images\/[0-9a-f]{32}\.jpg$/);
    expect([up.body.width, up.body.height]).toEqual([1280, 711]);
    const served = await fetch(`${server.url}${up.body.url}`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();

    const body = [
      'Antes de la imagen.',
      up.body.markdown,
      '![rastreador](https://tracker.example/pixel.gif)',
      '![otro](/api/site/images/ffffffffffffffffffffffffffffffff.jpg)',
      '<img src="x" onerror="alert(1)">',
      'Después.',
    ].join('\n\n');
    const current = (await admin.get('/api/site-editor/posts')).body.items.find(
      (p: { id: string }) => p.id === post.id,
    );
    const saved = await admin.request('PUT', `/api/site-editor/posts/${post.id}`, {
      json: {
        slug: current.slug,
        authorSlug: current.authorSlug,
        status: current.status,
        publishAt: current.publishAt,
        tags: current.tags,
        titleEs: current.titleEs,
        summaryEs: current.summaryEs,
        bodyEs: body,
        titleEn: current.titleEn,
        summaryEn: current.summaryEn,
        bodyEn: current.bodyEn,
        version: current.version,
      },
    });
    expect(saved.status).toBe(200);

    const page = await anon.get(`/blog/${post.slug}?lang=es`);
    const imgs = [...page.text.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    // (related posts' cards may show covers with the same alt text: the text's images have their own sizes)
    const inText = imgs.filter((i) => i.includes('sizes="(min-width: 42rem) 42rem, 100vw"'));
    expect(inText).toHaveLength(1);
    expect(inText[0]).toContain('width="1280"');
    expect(inText[0]).toContain('height="711"');
    expect(inText[0]).toContain('loading="lazy"');
    expect(inText[0]).toMatch(/srcset="\/api\/site\/images\/[0-9a-f]{32}\.webp 320w, /);
    expect(page.text).not.toContain('tracker.example');
    expect(page.text).not.toContain('ffffffffffffffffffffffffffffffff');
    expect(page.text).not.toContain('onerror');
    expect(page.text).not.toContain('alt="otro"');

    // the editor's preview of this post's text shows it the same way; a text that is not a post's
    // (a biography, a page) shows no images, as its public page does
    const preview = await admin.post('/api/site-editor/preview', {
      markdown: body,
      postId: post.id,
    });
    expect(preview.body.html).toContain('width="1280"');
    expect(preview.body.html).not.toContain('tracker.example');
    const plain = await admin.post('/api/site-editor/preview', { markdown: body });
    expect(plain.body.html).not.toContain('<img');
    // another post may not borrow it: its address in another post's text is removed
    const borrower = await publishedPost('sofia-herrera', `Prestada:\n\n${up.body.markdown}`);
    const borrowed = await anon.get(`/blog/${borrower.slug}?lang=es`);
    expect(borrowed.text).not.toContain(up.body.url);

    // a specialist cannot add images to another's post
    const other = await publishedPost('javier-morales');
    const denied = await send(
      specialist,
      `/api/site-editor/posts/${other.id}/images`,
      await picture(400, 300),
    );
    expect(denied.status).toBe(403);

    // deleting the post deletes its images (cover and text)
    await send(admin, `/api/site-editor/posts/${post.id}/cover`, await picture(700, 400));
    const owned = async () =>
      (
        await server.sql<{ n: number }>(
          'select count(*)::int as n from site_image where post_id = $1',
          [post.id],
        )
      )[0]!.n;
    expect(await owned()).toBe(2);
    expect((await admin.request('DELETE', `/api/site-editor/posts/${post.id}`)).status).toBe(204);
    expect(await owned()).toBe(0);
    expect((await fetch(`${server.url}${up.body.url}`)).status).toBe(404);
  });
});
