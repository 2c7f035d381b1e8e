/**
 * Staff editing of the site (ADR 0027) through the real server: CRUD of posts, profiles,
 * testimonials with consent and page texts; the row rules per role (a specialist only their own);
 * stale versions (409); bad input stores nothing; Markdown sanitised on the public page; and the
 * kept public pages emptied after each write, so the next GET / shows the edit at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { fakeSiteDist } from '../../test/site-dist';

let server: TestServer;
let admin: ApiClient;
let specialist: ApiClient;
let researcher: ApiClient;
let patient: ApiClient;
let anon: ApiClient;
let seq = 0;
const dist = fakeSiteDist();

beforeAll(async () => {
  // pages kept for a minute: only the editor's clear() can make an edit show at once
  server = await startTestServer({ ...dist.env, SITE_PAGE_CACHE_MS: '60000' });
  [admin, specialist, researcher, patient] = await Promise.all([
    server.signIn(DEMO.admin),
    server.signIn(DEMO.specialist),
    server.signIn(DEMO.researcher),
    server.signIn(DEMO.user),
  ]);
  anon = server.client();
});
afterAll(async () => {
  await server?.close();
  dist.remove();
});

const count = async (table: string) =>
  (await server.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

const newPost = (over: Record<string, unknown> = {}) => ({
  slug: `entrada-${++seq}`,
  authorSlug: 'sofia-herrera',
  status: 'draft',
  publishAt: null,
  tags: ['dolor'],
  titleEs: `Entrada número ${seq}`,
  summaryEs: 'Un resumen breve.',
  bodyEs: 'Un **texto** breve.',
  titleEn: null,
  summaryEn: null,
  bodyEn: null,
  ...over,
});

/** The post as a PUT body: what was read, with changes. */
const asInput = (p: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  slug: p.slug,
  authorSlug: p.authorSlug,
  status: p.status,
  publishAt: p.publishAt,
  tags: p.tags,
  titleEs: p.titleEs,
  summaryEs: p.summaryEs,
  bodyEs: p.bodyEs,
  titleEn: p.titleEn,
  summaryEn: p.summaryEn,
  bodyEn: p.bodyEn,
  version: p.version,
  ...over,
});

describe('posts', () => {
  it('an admin writes a draft, publishes it, and the next GET / and /blog show it at once', async () => {
    // the home page is kept (60 s) before the edit
    const before = await anon.get('/');
    expect(before.status).toBe(200);
    const created = await admin.post('/api/site-editor/posts', newPost());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', live: false, version: 1 });
    expect((await anon.get(`/blog/${created.body.slug}`)).status).toBe(404);

    const title = 'Caminar con dolor: una guía recién publicada';
    const published = await admin.request('PUT', `/api/site-editor/posts/${created.body.id}`, {
      json: asInput(created.body, { status: 'published', titleEs: title }),
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', live: true, version: 2 });
    expect(published.body.publishAt).not.toBeNull();

    const home = await anon.get('/', { 'accept-language': 'es' });
    expect(home.text).toContain(title);
    const blog = await anon.get('/blog', { 'accept-language': 'es' });
    expect(blog.text).toContain(title);
    expect((await anon.get(`/blog/${created.body.slug}`)).status).toBe(200);

    const rows = await server.sql<{ action: string }>(
      "select action from audit_log where resource = 'site_content' and record_id = $1 order by id",
      [created.body.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['site.post.created', 'site.post.published']);

    // unpublishing takes it away at once, too
    const unpublished = await admin.request('PUT', `/api/site-editor/posts/${created.body.id}`, {
      json: asInput(published.body, { status: 'draft' }),
    });
    expect(unpublished.status).toBe(200);
    expect((await anon.get(`/blog/${created.body.slug}`)).status).toBe(404);
    expect((await anon.get('/blog', { 'accept-language': 'es' })).text).not.toContain(title);
  });

  it('a scheduled post shows once its date has come', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const created = await admin.post(
      '/api/site-editor/posts',
      newPost({ status: 'scheduled', publishAt: future }),
    );
    expect(created.status).toBe(201);
    expect(created.body.live).toBe(false);
    expect((await anon.get(`/api/site/posts/${created.body.slug}`)).status).toBe(404);
    const past = new Date(Date.now() - 60_000).toISOString();
    const moved = await admin.request('PUT', `/api/site-editor/posts/${created.body.id}`, {
      json: asInput(created.body, { publishAt: past }),
    });
    expect(moved.body.live).toBe(true);
    expect((await anon.get(`/api/site/posts/${created.body.slug}`)).status).toBe(200);
    // scheduled without a date: refused
    const noDate = await admin.post('/api/site-editor/posts', newPost({ status: 'scheduled' }));
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.details[0]).toMatchObject({ path: 'publishAt' });
  });

  it('two tabs saving the same post: the second gets 409 and changes nothing', async () => {
    const created = await admin.post('/api/site-editor/posts', newPost());
    const [a, b] = await Promise.all([
      admin.request('PUT', `/api/site-editor/posts/${created.body.id}`, {
        json: asInput(created.body, { titleEs: 'Pestaña A' }),
      }),
      specialist.request('PUT', `/api/site-editor/posts/${created.body.id}`, {
        json: asInput(created.body, { titleEs: 'Pestaña B' }),
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).toBe('conflict');
    const [row] = await server.sql<{ title_es: string; version: number }>(
      'select title_es, version from site_post where id = $1',
      [created.body.id],
    );
    expect(row!.version).toBe(2);
    expect(row!.title_es).toBe(a.status === 200 ? 'Pestaña A' : 'Pestaña B');
  });

  it('two new posts racing for one slug: one is stored, the other is told the slug is taken', async () => {
    const slug = `carrera-${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post('/api/site-editor/posts', newPost({ slug }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.details[0]).toMatchObject({ path: 'slug', code: 'slug_taken' });
    }
    const rows = await server.sql('select 1 from site_post where slug = $1', [slug]);
    expect(rows).toHaveLength(1);
  });

  it('Markdown with script payloads is stored as written and sanitised on the public page', async () => {
    const body = [
      '# Título',
      '<script>alert("x")</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
      '<svg><script>alert(2)</script></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="background:url(javascript:alert(3))" onclick="alert(4)">texto</p>',
    ].join('\n\n');
    const created = await admin.post(
      '/api/site-editor/posts',
      newPost({ status: 'published', bodyEs: body }),
    );
    expect(created.status).toBe(201);
    const page = await anon.get(`/blog/${created.body.slug}`, { 'accept-language': 'es' });
    expect(page.status).toBe(200);
    const article = page.text.slice(page.text.indexOf('<article'), page.text.indexOf('</article>'));
    expect(article).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/i);
    expect(article).not.toMatch(/onerror|onclick|javascript:|data:text|<iframe|<svg|style=/i);
    const preview = await admin.post('/api/site-editor/preview', { markdown: body });
    expect(preview.status).toBe(200);
    expect(preview.body.html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<svg/i);
    expect(preview.body.html).toContain('<h2>Título</h2>');
  });

  it('bad input is refused with nothing stored: NUL, huge strings, wrong types, unknown fields, half English, taken slug', async () => {
    const before = await count('site_post');
    const bad = [
      newPost({ titleEs: 'a\u0000b' }),
      newPost({ bodyEs: 'ok\u0000' }),
      newPost({ bodyEs: 'x'.repeat(50_001) }),
      newPost({ titleEs: 'x'.repeat(201) }),
      newPost({ tags: 'dolor' }),
      newPost({ status: 'live' }),
      newPost({ slug: 'Con Espacios' }),
      newPost({ extra: true }),
      newPost({ titleEn: 'Only a title' }),
      newPost({ slug: 'que-es-el-dolor-cronico' }),
      newPost({ authorSlug: 'nadie' }),
      newPost({ publishAt: 'mañana' }),
    ];
    for (const json of bad) {
      const res = await admin.post('/api/site-editor/posts', json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    // a huge body is refused before it is read whole
    const huge = await admin.post(
      '/api/site-editor/posts',
      newPost({ bodyEs: 'x'.repeat(3_000_000) }),
    );
    expect([400, 413]).toContain(huge.status);
    expect(await count('site_post')).toBe(before);
    // Spanish errors for a Spanish editor
    const es = await admin.request('POST', '/api/site-editor/posts', {
      json: newPost({ slug: 'que-es-el-dolor-cronico' }),
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.error.code).toBe('validation_failed');
  });
});

describe('who may edit what', () => {
  it('a specialist lists and edits only their own profile and posts', async () => {
    const profiles = await specialist.get('/api/site-editor/specialists');
    expect(profiles.status).toBe(200);
    expect(profiles.body.items.map((s: { slug: string }) => s.slug)).toEqual(['sofia-herrera']);
    expect(profiles.body.items[0].own).toBe(true);
    const posts = await specialist.get('/api/site-editor/posts');
    expect(posts.body.items.length).toBeGreaterThan(0);
    expect(
      posts.body.items.every((p: { authorSlug: string }) => p.authorSlug === 'sofia-herrera'),
    ).toBe(true);

    // not as another author, not another's post, not another's profile
    const denied = await auditCountOf('access.denied');
    const asOther = await specialist.post(
      '/api/site-editor/posts',
      newPost({ authorSlug: 'javier-morales' }),
    );
    expect(asOther.status).toBe(403);
    const others = (await admin.get('/api/site-editor/posts')).body.items.find(
      (p: { authorSlug: string }) => p.authorSlug === 'javier-morales',
    );
    const editOther = await specialist.request('PUT', `/api/site-editor/posts/${others.id}`, {
      json: asInput(others, { titleEs: 'Cambiado' }),
    });
    expect(editOther.status).toBe(403);
    // nor hand their own post to another author
    const mine = posts.body.items[0];
    const handOver = await specialist.request('PUT', `/api/site-editor/posts/${mine.id}`, {
      json: asInput(mine, { authorSlug: 'javier-morales' }),
    });
    expect(handOver.status).toBe(403);
    const javier = (await admin.get('/api/site-editor/specialists')).body.items.find(
      (s: { slug: string }) => s.slug === 'javier-morales',
    );
    const profileInput = (s: Record<string, unknown>, over: Record<string, unknown> = {}) => {
      const { id: _id, own: _own, updatedAt: _u, photo: _p, ...input } = s;
      void _p;
      void _id;
      void _own;
      void _u;
      return { ...input, ...over };
    };
    const editProfile = await specialist.request(
      'PUT',
      `/api/site-editor/specialists/${javier.id}`,
      { json: profileInput(javier, { name: 'Otro' }) },
    );
    expect(editProfile.status).toBe(403);
    const createProfile = await specialist.post(
      '/api/site-editor/specialists',
      profileInput(javier, { slug: 'nuevo-perfil', version: undefined }),
    );
    expect(createProfile.status).toBe(403);
    expect(await auditCountOf('access.denied')).toBe(denied + 5);
    // testimonials and page texts are for administrators
    expect((await specialist.get('/api/site-editor/testimonials')).status).toBe(403);
    expect((await specialist.get('/api/site-editor/pages')).status).toBe(403);
    expect((await specialist.request('DELETE', `/api/site-editor/posts/${mine.id}`)).status).toBe(
      403,
    );

    // their own profile: yes, and the public page shows it at once
    const own = profiles.body.items[0];
    const roleEs = 'Médica de la unidad del dolor y directora clínica';
    const saved = await specialist.request('PUT', `/api/site-editor/specialists/${own.id}`, {
      json: profileInput(own, { roleEs }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(own.version + 1);
    const page = await anon.get('/especialistas/sofia-herrera', { 'accept-language': 'es' });
    expect(page.text).toContain(roleEs);
    // stale: 409
    const stale = await specialist.request('PUT', `/api/site-editor/specialists/${own.id}`, {
      json: profileInput(own, { roleEs: 'Otra' }),
    });
    expect(stale.status).toBe(409);
  });

  it('researchers and patients may not read or write site content; the guard refuses', async () => {
    for (const client of [researcher, patient]) {
      expect((await client.get('/api/site-editor/posts')).status).toBe(403);
      expect((await client.post('/api/site-editor/posts', newPost())).status).toBe(403);
      expect((await client.post('/api/site-editor/preview', { markdown: 'x' })).status).toBe(403);
    }
    expect((await anon.get('/api/site-editor/posts')).status).toBe(401);
  });

  it('a specialist without a linked profile sees none and may author none', async () => {
    await createAccount(server, {
      role: 'specialist',
      email: 'sin-perfil@editor.test',
      name: 'Sin Perfil',
      password: 'long-enough-password',
    });
    const other = await server.signIn('sin-perfil@editor.test', 'long-enough-password');
    expect((await other.get('/api/site-editor/specialists')).body.items).toEqual([]);
    expect((await other.get('/api/site-editor/posts')).body.items).toEqual([]);
    expect((await other.post('/api/site-editor/posts', newPost())).status).toBe(403);
  });
});

async function auditCountOf(action: string) {
  return (
    await server.sql<{ n: number }>('select count(*)::int as n from audit_log where action = $1', [
      action,
    ])
  )[0]!.n;
}

describe('testimonials and consent', () => {
  it('a testimonial shows only after its consent; new words need a new consent; withdrawal removes it everywhere at once', async () => {
    const quote = 'Volví a caminar hasta el mercado sin pararme. Gracias al equipo.';
    const created = await admin.post('/api/site-editor/testimonials', {
      authorName: 'Lucía P.',
      contextEs: 'Dolor lumbar crónico',
      contextEn: 'Chronic low back pain',
      lang: 'es',
      quote,
      translation: null,
      rating: 5,
    });
    expect(created.status).toBe(201);
    expect(created.body.live).toBe(false);
    const publicQuotes = async () =>
      (await anon.get('/api/site/testimonials?lang=es')).body.items.map(
        (t: { quote: string }) => t.quote,
      );
    expect(await publicQuotes()).not.toContain(quote);

    const consent = await admin.post(`/api/site-editor/testimonials/${created.body.id}/consent`, {
      givenBy: 'Lucía P.',
      givenAt: new Date(Date.now() - 86_400_000).toISOString(),
      method: 'Formulario firmado',
      version: created.body.version,
    });
    expect(consent.status).toBe(201);
    expect(consent.body.live).toBe(true);
    expect(consent.body.consents[0]).toMatchObject({
      givenBy: 'Lucía P.',
      method: 'Formulario firmado',
      text: quote,
      withdrawnAt: null,
      current: true,
    });
    expect(await publicQuotes()).toContain(quote);
    expect((await anon.get('/', { 'accept-language': 'es' })).text).toContain('Volví a caminar');

    // edited words: hidden until consented again; a consent for the old version is a conflict
    const edited = await admin.request('PUT', `/api/site-editor/testimonials/${created.body.id}`, {
      json: {
        authorName: 'Lucía P.',
        contextEs: 'Dolor lumbar crónico',
        contextEn: 'Chronic low back pain',
        lang: 'es',
        quote: `${quote} Muy recomendable.`,
        translation: null,
        rating: 5,
        version: consent.body.version,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.live).toBe(false);
    expect(await publicQuotes()).not.toContain(quote);
    const staleConsent = await admin.post(
      `/api/site-editor/testimonials/${created.body.id}/consent`,
      {
        givenBy: 'Lucía P.',
        givenAt: new Date().toISOString(),
        method: 'Correo',
        version: consent.body.version,
      },
    );
    expect(staleConsent.status).toBe(409);
    const again = await admin.post(`/api/site-editor/testimonials/${created.body.id}/consent`, {
      givenBy: 'Lucía P.',
      givenAt: new Date().toISOString(),
      method: 'Correo',
      version: edited.body.version,
    });
    expect(again.body.live).toBe(true);
    expect((await anon.get('/testimonios', { 'accept-language': 'es' })).text).toContain(
      'Muy recomendable.',
    );

    const withdrawn = await admin.post(`/api/site-editor/testimonials/${created.body.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.live).toBe(false);
    expect(
      withdrawn.body.consents.every((c: { withdrawnAt: string | null }) => c.withdrawnAt),
    ).toBe(true);
    expect(await publicQuotes()).not.toContain(`${quote} Muy recomendable.`);
    for (const path of ['/', '/testimonios']) {
      const page = await anon.get(path, { 'accept-language': 'es' });
      expect(page.text).not.toContain('Volví a caminar');
    }
    // a consent in the future is refused
    const future = await admin.post(`/api/site-editor/testimonials/${created.body.id}/consent`, {
      givenBy: 'Lucía P.',
      givenAt: new Date(Date.now() + 86_400_000).toISOString(),
      method: 'Correo',
      version: edited.body.version,
    });
    expect(future.status).toBe(400);
  });
});

describe('page texts', () => {
  it('an admin edits a page text in one language; a page missing a language falls back visibly', async () => {
    const list = await admin.get('/api/site-editor/pages');
    expect(list.status).toBe(200);
    const es = list.body.items.find(
      (p: { page: string; lang: string }) => p.page === 'cero-dolor' && p.lang === 'es',
    );
    const title = 'Comunidad Cero Dolor: acompañarnos en el dolor';
    const saved = await admin.request('PUT', '/api/site-editor/pages/cero-dolor/es', {
      json: { title, summary: es.summary, body: es.body, version: es.version },
    });
    expect(saved.status).toBe(200);
    expect((await anon.get('/cerodolor', { 'accept-language': 'es' })).text).toContain(title);
    const stale = await admin.request('PUT', '/api/site-editor/pages/cero-dolor/es', {
      json: { title: 'Otro', summary: es.summary, body: es.body, version: es.version },
    });
    expect(stale.status).toBe(409);
    // without English, the English page shows the Spanish text and says so
    await server.sql("delete from site_page_text where page = 'cero-dolor' and lang = 'en'");
    const en = await anon.get('/api/site/pages/cero-dolor?lang=en');
    expect(en.body).toMatchObject({ lang: 'es', fallback: true, title });
    // version 0 writes the missing language
    const written = await admin.request('PUT', '/api/site-editor/pages/cero-dolor/en', {
      json: { title: 'Cero Dolor community', summary: 'Together.', body: 'We meet.', version: 0 },
    });
    expect(written.status).toBe(200);
    expect((await anon.get('/cerodolor?lang=en')).text).toContain('Cero Dolor community');
    const twice = await admin.request('PUT', '/api/site-editor/pages/cero-dolor/en', {
      json: { title: 'Again', summary: 'Together.', body: 'We meet.', version: 0 },
    });
    expect(twice.status).toBe(409);
    const nul = await admin.request('PUT', '/api/site-editor/pages/cero-dolor/en', {
      json: { title: 'A\u0000', summary: 'Together.', body: 'We meet.', version: 1 },
    });
    expect(nul.status).toBe(400);
    expect(
      (await admin.request('PUT', '/api/site-editor/pages/nope/en', { json: {} })).status,
    ).toBe(400);
  });
});
