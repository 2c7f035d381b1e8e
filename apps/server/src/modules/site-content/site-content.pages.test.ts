/**
 * The public site's pages through the real server, rendered by the site renderer's source (as
 * http/site-pages.test.ts does for /login): content from the database in both languages, real 404s,
 * head tags for search engines, ETag, an edit showing at the next request, the no-JavaScript contact
 * form, the sitemap and robots.txt.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { fakeSiteDist } from '../../test/site-dist';

let server: TestServer;
const dist = fakeSiteDist();

beforeAll(async () => {
  server = await startTestServer({ ...dist.env, TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  dist.remove();
});

const get = (p: string, lang = 'es', headers: Record<string, string> = {}) =>
  fetch(server.url + p, { headers: { 'accept-language': lang, ...headers }, redirect: 'manual' });

describe('public pages', () => {
  it.each([
    ['/', 'El dolor crónico y emocional, tratado de forma integral'],
    ['/index', 'El dolor crónico y emocional, tratado de forma integral'],
    ['/servicios/terapia-dolor-cronico', 'Terapia del dolor crónico'],
    ['/servicios/talleres-manejo-estres', 'Talleres de manejo del estrés'],
    ['/cerodolor', 'Comunidad Cero Dolor'],
    ['/blog', 'Blog'],
    [
      '/blog/que-es-el-dolor-cronico',
      'Qué es el dolor crónico y por qué no es «solo estar en la cabeza»',
    ],
    ['/especialistas', 'Especialistas'],
    ['/especialistas/marta-castillo', 'Marta Castillo Ruiz'],
    ['/testimonios', 'Testimonios'],
    ['/contacto', 'Contacto'],
  ])('%s renders its content in Spanish, with its head', async (p, h1) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1.replace(/[?()]/g, '\\$&')}</h1>`));
    // the bare address is the x-default alternate and its own canonical (not another alternate)
    expect(html).toContain(`<link rel="canonical" href="${server.url}${p}">`);
    expect(html).toContain(`hreflang="en" href="${server.url}${p}?lang=en"`);
    expect(html).toContain(`hreflang="x-default" href="${server.url}${p}"`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<script type="module" src="/assets/site-Site1234.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/nav-Nav12345.js">');
    expect(html).not.toContain('index-AbCd1234.js');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('renders English by ?lang=en, with English content and the fallback notice where missing', async () => {
    const home = await (await get('/?lang=en')).text();
    expect(home).toContain('<html lang="en">');
    expect(home).toContain(`<link rel="canonical" href="${server.url}/?lang=en">`);
    expect(home).toContain('Chronic and emotional pain, treated as a whole');
    expect(home).toContain('id="contacto"');
    expect(home).toContain('Calle de Santa Engracia 45');
    expect(home).toContain('"@type":"MedicalClinic"');
    const post = await (await get('/blog/rodilla-artrosis-mitos', 'en')).text();
    expect(post).toContain('This article is not translated yet');
    expect(post).toContain('"@type":"BlogPosting"');
    const doctor = await (await get('/especialistas/sofia-herrera', 'en')).text();
    expect(doctor).toContain('"@type":"Physician"');
  });

  it('unknown slugs and drafts are a real 404 page', async () => {
    for (const p of [
      '/blog/no-existe',
      '/blog/borrador-dolor-de-cabeza',
      '/especialistas/nadie',
      '/blog/<script>',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html).toContain('Página no encontrada');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('blog: tags, search and pages', async () => {
    const tagged = await (await get('/blog?tag=ejercicio')).text();
    expect(tagged).toContain('ejercicio-cuando-duele');
    expect(tagged).not.toContain('/blog/dormir-mejor-con-dolor"');
    const search = await (await get('/blog?q=insomnio')).text();
    expect(search).toContain('/blog/dormir-mejor-con-dolor');
    expect(search).toContain('<meta name="robots" content="noindex">');
    const page2 = await (await get('/blog?page=2')).text();
    expect(page2).toContain('Página 2 de 2');
  });

  it('script in content stays inert, and an edit shows with a new ETag', async () => {
    const first = await get('/blog/estres-y-dolor-un-circulo');
    const etag = first.headers.get('etag')!;
    expect(
      (await get('/blog/estres-y-dolor-un-circulo', 'es', { 'if-none-match': etag })).status,
    ).toBe(304);
    await server.sql(
      `update site_post set body_es = body_es || E'\\n\\n<script>alert(1)</script><img src=x onerror=alert(1)>Nueva frase.' where slug = 'estres-y-dolor-un-circulo'`,
    );
    // an edit made by hand in SQL shows when the page's copy kept in memory expires (2 s)
    const after = await vi.waitFor(
      async () => {
        const res = await get('/blog/estres-y-dolor-un-circulo', 'es', { 'if-none-match': etag });
        expect(res.status).toBe(200);
        return res;
      },
      { timeout: 5_000, interval: 250 },
    );
    const html = await after.text();
    expect(html).toContain('Nueva frase.');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onerror');
  });

  it('testimonials show only consented ones; a withdrawal removes one from every page', async () => {
    const html = await (await get('/testimonios')).text();
    expect(html).toContain('Carmen L.');
    expect(html).not.toContain('Elena S.');
    await server.sql(
      "update site_testimonial_consent set withdrawn_at = now() where given_by = 'Carmen L.'",
    );
    // a change made outside the app (here by hand in SQL) shows once the page's copy kept in memory
    // expires (SITE_PAGE_CACHE_MS, 2 s; ADR 0024)
    await vi.waitFor(
      async () => {
        expect(await (await get('/testimonios')).text()).not.toContain('Carmen L.');
        expect(await (await get('/')).text()).not.toContain('Carmen L.');
      },
      { timeout: 5_000, interval: 250 },
    );
  });

  it('a page rendered for everybody is answered from memory, byte for byte, until it expires', async () => {
    server.deps.pageCache!.clear();
    const first = await get('/especialistas', 'es', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(server.deps.pageCache!.size).toBe(1);
    const second = await get('/especialistas', 'es', { 'accept-encoding': 'br' });
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
    // what is particular to one request is rendered every time and never kept
    await get('/especialistas?lang=en');
    await get('/contacto?enviado=1');
    await get('/testimonios', 'es', { cookie: 'painlab_signed_out=1' });
    await get('/blog/no-existe');
    expect(server.deps.pageCache!.size).toBe(1);
  });
});

describe('the contact form without JavaScript', () => {
  const post = (fields: Record<string, string>, ip: string) =>
    fetch(`${server.url}/api/site/contact-form`, {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
        'accept-language': 'es',
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const GOOD = {
    name: 'Juan Prueba',
    email: 'juan@example.org',
    reason: 'workshop',
    message: 'Me interesa el próximo taller.',
    consent: 'on',
    lang: 'es',
    from: '/contacto',
    website: '',
  };

  it('sends and goes back with a confirmation', async () => {
    const res = await post(GOOD, '192.0.2.1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contacto?enviado=1#contacto');
    const page = await (await get('/contacto?enviado=1')).text();
    expect(page).toContain('hemos recibido tu mensaje');
  });

  it('refuses bad input with the page again, the errors in place and what was typed; nothing stored', async () => {
    const before = await server.sql<{ n: number }>(
      'select count(*)::int as n from site_contact_message',
    );
    const res = await post({ ...GOOD, email: 'mal', consent: '', from: '/' }, '192.0.2.2');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Escribe un correo electrónico válido.');
    expect(html).toContain('Necesitamos tu permiso para contactarte.');
    expect(html).toContain('Me interesa el próximo taller.');
    expect(html).toContain('aria-invalid="true"');
    const after = await server.sql<{ n: number }>(
      'select count(*)::int as n from site_contact_message',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 429 with the page once an address is over its limit', async () => {
    for (let i = 0; i < 5; i++) expect((await post(GOOD, '192.0.2.3')).status).toBe(303);
    const res = await post(GOOD, '192.0.2.3');
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('Has enviado varios mensajes seguidos');
  });
});

describe('sitemap and robots', () => {
  it('lists every published page in both languages, and robots.txt names it', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>${server.url}/blog/que-es-el-dolor-cronico?lang=es</loc>`);
    expect(xml).toContain(`<loc>${server.url}/blog/que-es-el-dolor-cronico?lang=en</loc>`);
    expect(xml).toContain(`<loc>${server.url}/especialistas/daniel-ferrer?lang=en</loc>`);
    expect(xml).toContain(`<loc>${server.url}/cerodolor?lang=es</loc>`);
    expect(xml).not.toContain('borrador');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe('absolute links come from BASE_URL, never from the Host header (issue 22 item 17)', () => {
  /** A GET with a Host header of our choosing (fetch would send the URL's host). */
  const withHost = (s: TestServer, p: string, host: string) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(s.url);
      const req = http.get(
        { host: url.hostname, port: url.port, path: p, headers: { host, 'accept-language': 'es' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
    });

  it('with and without BASE_URL: canonical, hreflang, Open Graph, JSON-LD, the sitemap and robots.txt', async () => {
    const unset = await startTestServer({ ...dist.env, BASE_URL: '' });
    try {
      for (const [s, origin] of [
        [server, server.url],
        [unset, `http://localhost:${new URL(unset.url).port}`],
      ] as const) {
        for (const p of [
          '/',
          '/blog/que-es-el-dolor-cronico',
          '/taller',
          '/sitemap.xml',
          '/robots.txt',
        ]) {
          const body = await withHost(s, p, 'evil.example');
          expect(body, p).not.toContain('evil.example');
          expect(body, p).toContain(origin);
        }
      }
    } finally {
      await unset.close();
    }
  });
});
