/**
 * The public site's pages (SPEC §2; docs/decisions/0012 and 0017): each request reads the published
 * content and renders the page with the web app's site renderer, so an edit shows at the next request
 * without a rebuild; the answer is compressed and carries an ETag (a 304 when nothing changed). Also
 * the no-JavaScript contact form (303 back with `?enviado=1`, or the page again with its errors),
 * `/sitemap.xml` (every published page in both languages) and `/robots.txt`.
 */
import { baseUrlOf } from '../../env';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  contactInputSchema,
  type ContactField,
  type ContactFieldError,
  type ContactFormState,
  type SiteLang,
  type SitePageData,
} from '@painlab/shared/site-content';
import {
  asLang,
  isSecure,
  langCookie,
  notBuilt,
  readCookie,
  sendHtml,
  SIGNED_OUT_COOKIE,
  siteLanguage,
  siteOf,
} from '../../http/site-pages';
import type { AppEnv, Deps } from '../../http/types';
import { contactFormRoute } from './site-content.routes';
import * as service from './site-content.service';

const SERVICE_PAGES = {
  '/servicios/terapia-dolor-cronico': 'chronic-pain-therapy',
  '/servicios/talleres-manejo-estres': 'stress-workshops',
} as const;

const EMPTY_FORM: ContactFormState = { values: {}, errors: {}, status: null };
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The site's own origin, from BASE_URL only: never the request's Host header (issue 22 item 17). */
const originOf = (deps: Deps) => baseUrlOf(deps.env).replace(/\/$/, '');

export function registerSiteContentPages(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const current = siteOf(deps);
  const secure = isSecure(deps);

  /** Reads what the page shows (null: there is no such page → 404). */
  async function load(
    path: string,
    lang: SiteLang,
    query: Record<string, string>,
    contact: ContactFormState,
  ): Promise<SitePageData | null> {
    if (path === '/' || path === '/index') {
      const [specialists, posts, testimonials] = await Promise.all([
        service.featuredSpecialists(deps, lang),
        service.latestPosts(deps, lang, 3),
        service.testimonials(deps, lang, 3),
      ]);
      return { page: 'home', specialists, posts, testimonials, contact };
    }
    if (path in SERVICE_PAGES) {
      const key = SERVICE_PAGES[path as keyof typeof SERVICE_PAGES];
      const [text, team] = await Promise.all([
        service.pageText(deps, key, lang),
        service.listSpecialists(deps, lang),
      ]);
      if (!text) return null;
      const wanted =
        key === 'stress-workshops'
          ? ['marta-castillo']
          : ['sofia-herrera', 'javier-morales', 'daniel-ferrer', 'marta-castillo'];
      const members = team.filter((s) => wanted.includes(s.slug));
      return { page: 'service', key, text, team: members.length ? members : team.slice(0, 3) };
    }
    if (path === '/cerodolor') {
      const text = await service.pageText(deps, 'cero-dolor', lang);
      return text ? { page: 'community', text } : null;
    }
    if (path === '/blog') {
      const page = Number(query.page ?? '1');
      const tag = query.tag?.slice(0, 60) || null;
      const q = query.q?.slice(0, 100).trim() || null;
      const list = await service.listPosts(deps, lang, {
        page: Number.isFinite(page) ? page : 1,
        ...(tag ? { tag } : {}),
        ...(q ? { q } : {}),
      });
      return { page: 'blog', list, tag, q };
    }
    if (path.startsWith('/blog/')) {
      const slug = path.slice('/blog/'.length);
      if (!SLUG.test(slug)) return null;
      const post = await service.post(deps, slug, lang);
      return post ? { page: 'post', post } : null;
    }
    if (path === '/especialistas')
      return { page: 'specialists', specialists: await service.listSpecialists(deps, lang) };
    if (path.startsWith('/especialistas/')) {
      const slug = path.slice('/especialistas/'.length);
      if (!SLUG.test(slug)) return null;
      const found = await service.specialist(deps, slug, lang);
      return found ? { page: 'specialist', ...found } : null;
    }
    if (path === '/testimonios')
      return { page: 'testimonials', testimonials: await service.testimonials(deps, lang) };
    if (path === '/contacto') return { page: 'contact', contact };
    return null;
  }

  async function render(
    c: Context<AppEnv>,
    path: string,
    options: {
      lang: SiteLang;
      explicit: boolean;
      contact?: ContactFormState;
      status?: 200 | 400 | 429;
      extra?: Record<string, string>;
    },
  ): Promise<Response> {
    const loaded = await current();
    if (!loaded) return notBuilt(c);
    const query = c.req.query();
    const contact =
      options.contact ??
      (query.enviado === '1' ? { ...EMPTY_FORM, status: 'sent' as const } : EMPTY_FORM);
    const found = await load(path, options.lang, query, contact);
    const data: SitePageData = found ?? { page: 'not-found' };
    // the page's own query (blog page, tag, words), for canonical and hreflang addresses
    const own = new URLSearchParams();
    if (data.page === 'blog') {
      for (const k of ['tag', 'q', 'page'] as const) if (query[k]) own.set(k, query[k]);
    }
    // '1': signed out from the sidebar; 'logout': logged out from the error screen (SPEC §8 texts)
    const outCookie = readCookie(c.req.header('cookie'), SIGNED_OUT_COOKIE);
    const notice = outCookie === '1' ? 'signedOut' : outCookie === 'logout' ? 'loggedOut' : null;
    const signedOut = notice !== null;
    const html = loaded.renderer.renderPublicPage({
      notice,
      lang: options.lang,
      path,
      query: own.size ? `?${own.toString()}` : '',
      origin: originOf(deps),
      clinicName: deps.env.CLINIC_NAME,
      clinic: await service.clinic(deps, options.lang),
      data,
      langQuery: options.explicit ? `?lang=${options.lang}` : '',
      assets: loaded.assets(loaded.renderer.publicIslandsOf(data)),
    });
    const headers: Record<string, string> = { ...options.extra };
    if (options.explicit) headers['Set-Cookie'] = langCookie(options.lang, secure);
    if (contact.status || Object.keys(contact.errors).length || signedOut)
      headers['Cache-Control'] = 'no-store';
    const status = found ? (options.status ?? 200) : 404;
    // the same page for everybody who asks for this path in this language: kept for a few seconds
    if (
      status === 200 &&
      !options.explicit &&
      !options.extra &&
      !signedOut &&
      contact === EMPTY_FORM &&
      !new URL(c.req.url).search
    )
      deps.pageCache?.put(c.req.header('host'), path, options.lang, html);
    const response = sendHtml(c, html, status, headers);
    // the notice is shown once
    if (signedOut)
      response.headers.append(
        'Set-Cookie',
        `${SIGNED_OUT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
      );
    return response;
  }

  const page = async (c: Context<AppEnv>) => {
    const explicit = asLang(c.req.query('lang'));
    const lang = siteLanguage(c, explicit) as SiteLang;
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    return render(c, path, { lang, explicit: Boolean(explicit) });
  };

  for (const path of [
    '/',
    '/index',
    ...Object.keys(SERVICE_PAGES),
    '/cerodolor',
    '/blog',
    '/blog/:slug',
    '/especialistas',
    '/especialistas/:slug',
    '/testimonios',
    '/contacto',
  ])
    app.on(['GET', 'HEAD'], path, page);

  app.openapi(contactFormRoute, async (c) => {
    const form = c.req.valid('form');
    const lang = siteLanguage(c, form.lang) as SiteLang;
    const from = form.from === '/' ? '/' : '/contacto';
    const values: ContactFormState['values'] = {
      name: form.name ?? '',
      email: form.email ?? '',
      phone: form.phone ?? '',
      reason: form.reason ?? '',
      message: form.message ?? '',
      consent: form.consent === 'on' ? 'on' : '',
    };
    const parsed = contactInputSchema.safeParse({
      name: values.name,
      email: values.email,
      ...(values.phone?.trim() ? { phone: values.phone } : {}),
      reason: values.reason,
      message: values.message,
      consent: values.consent === 'on',
      website: form.website ?? '',
      lang,
    });
    if (!parsed.success) {
      const errors: ContactFormState['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ContactField;
        if (!errors[field]) errors[field] = issue.message as ContactFieldError;
      }
      return render(c, from, {
        lang,
        explicit: false,
        contact: { values, errors, status: null },
        status: 400,
      });
    }
    const result = await service.submitContact(deps, parsed.data, c.get('clientIp'), lang);
    if (result.retryAfterS)
      return render(c, from, {
        lang,
        explicit: false,
        contact: { values, errors: {}, status: 'rate_limited' },
        status: 429,
        extra: { 'Retry-After': String(result.retryAfterS) },
      });
    return new Response(null, {
      status: 303,
      headers: { Location: `${from}?enviado=1#contacto`, 'Cache-Control': 'no-store' },
    });
  });

  app.on(['GET', 'HEAD'], '/sitemap.xml', async (c) => {
    const origin = originOf(deps);
    const [posts, specialists] = await Promise.all([
      service.sitemapPosts(deps),
      service.sitemapSpecialists(deps),
    ]);
    const entries: { path: string; lastmod?: Date }[] = [
      { path: '/' },
      { path: '/servicios/terapia-dolor-cronico' },
      { path: '/servicios/talleres-manejo-estres' },
      { path: '/taller' },
      { path: '/taller-USA' },
      { path: '/cerodolor' },
      { path: '/blog' },
      { path: '/especialistas' },
      { path: '/testimonios' },
      { path: '/contacto' },
      ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })),
      ...specialists.map((s) => ({ path: `/especialistas/${s.slug}`, lastmod: s.updatedAt })),
    ];
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const url = (path: string, lang: SiteLang | null) =>
      esc(`${origin}${path}${lang ? `?lang=${lang}` : ''}`);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries.flatMap((e) =>
        (['es', 'en'] as const).map(
          (lang) =>
            `<url><loc>${url(e.path, lang)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}` +
            `<xhtml:link rel="alternate" hreflang="es" href="${url(e.path, 'es')}"/>` +
            `<xhtml:link rel="alternate" hreflang="en" href="${url(e.path, 'en')}"/>` +
            `<xhtml:link rel="alternate" hreflang="x-default" href="${url(e.path, null)}"/></url>`,
        ),
      ),
      '</urlset>',
    ].join('\n');
    return c.body(xml, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  });

  app.on(['GET', 'HEAD'], '/robots.txt', (c) =>
    c.text(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /login',
        '',
        `Sitemap: ${originOf(deps)}/sitemap.xml`,
        '',
      ].join('\n'),
      200,
      { 'Cache-Control': 'no-cache' },
    ),
  );
}
