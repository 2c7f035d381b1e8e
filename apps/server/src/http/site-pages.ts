/**
 * Site pages (docs/decisions/0012): public pages and the sign-in page, rendered to HTML on every
 * request by the web app's site renderer (`apps/web/dist-ssr/site.js`, Preact, built with the web
 * app) and hydrated in the browser by the small site script. This file:
 * - loads the renderer and the build manifest (the site script, its island modules, the app's
 *   stylesheet) at start, or at the first request that finds them built;
 * - `GET /login`: a signed-in visitor goes to the dashboard (or the checked `?redirect=`), others get
 *   the page in their language (`?lang=`, the `painlab_lang` cookie, Accept-Language, English);
 * - `POST /api/site/login` (`defineRoute`, form-encoded): the sign-in form without JavaScript. It
 *   sends the same JSON sign-in through this app (`app.fetch`), so the Origin check, better-auth,
 *   the login throttle and the audit log all run exactly as for the page's script; then 303 to the
 *   target with the session cookie, or the page again with the refusal.
 * HTML answers are compressed (brotli or gzip by Accept-Encoding), carry an ETag (304 on
 * If-None-Match) and `Cache-Control: no-cache`, and vary on the request headers that choose them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { signInSchema } from '@painlab/shared/auth';
import { normalizePhone, PHONE_E164 } from '@painlab/shared/account';
import type { SitePageInput } from '@painlab/shared/site-content';
import { returnPathOrDefault, safeReturnPath } from '@painlab/shared/return-path';
import { access } from './access';
import { defineRoute } from './openapi';
import { encodeHtml, etagMatchesHash, etagOf, HTML_HEADERS, htmlHash } from './page-cache';
import { resolveSession } from './session';
import type { AppEnv, Deps } from './types';
import { pickEncoding } from './web-assets';

type Lang = 'en' | 'es';

/** What the site renderer (apps/web/src/site/render.tsx) exports; the server never imports web code. */
interface PageAssets {
  styles: string[];
  script: string;
  preloads: string[];
}
interface Refusal {
  status: number;
  code?: string;
  message?: string;
  retryAfterS?: number;
}
type FieldMessage = 'required' | 'invalid_email' | 'too_long' | 'invalid';
interface LoginRenderInput {
  lang: Lang;
  clinicName: string;
  returnTo: string | null;
  email?: string;
  refusal?: Refusal | null;
  fieldErrors?: Partial<Record<'email' | 'password', FieldMessage>>;
  /** The second step of sign-in (or a step-up to aal2): the code form instead (ADR 0025). */
  secondFactor?: 'sign-in' | 'step-up' | null;
  /** E-mailed codes wait in the outbox (no mail server configured). */
  emailToOutbox?: boolean;
  /** `?link=`: the token of an e-mailed sign-in link, opened by the page's button (ADR 0040). */
  linkToken?: string | null;
  /** `?error=`: why a sign-in link was refused (better-auth's code, or ours). */
  linkError?: string | null;
  /** Codes by SMS wait in the outbox (no SMS provider). */
  smsToOutbox?: boolean;
  assets: PageAssets;
}
interface SiteRenderer {
  renderLoginPage(input: LoginRenderInput): string;
  /** The public pages (modules/site-content/site-content.pages.ts). */
  renderPublicPage(
    input: SitePageInput & {
      assets: PageAssets;
      langQuery: string;
      notice?: 'signedOut' | 'loggedOut' | null;
    },
  ): string;
  publicIslandsOf(data: SitePageInput['data']): string;
  ISLAND_SOURCES: Record<string, string>;
  PAGE_ISLANDS: Record<string, readonly string[]>;
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The cookie of the chosen language (apps/web/src/site/handoff.ts). */
export const LANG_COOKIE = 'painlab_lang';
/** "Just signed in": the web app shows its toast and deletes it (apps/web/src/site/handoff.ts). */
export const SIGNED_IN_COOKIE = 'painlab_signed_in';
/** "Just signed out": the public page shows it once and deletes it (apps/web/src/site/handoff.ts). */
export const SIGNED_OUT_COOKIE = 'painlab_signed_out';
const SITE_CLIENT = 'src/site/client.ts';

export interface Site {
  renderer: SiteRenderer;
  /** The assets of each page, from the build manifest. */
  assets: (page: string) => PageAssets;
}

/** The site renderer module: WEB_SSR, else `dist-ssr/site.js` beside the web app's `dist/`. */
export function siteRendererPath(env: Deps['env']): string {
  return env.WEB_SSR ?? path.join(env.WEB_DIST, '..', 'dist-ssr', 'site.js');
}

async function loadSite(env: Deps['env']): Promise<Site | null> {
  const manifestFile = path.join(env.WEB_DIST, '.vite', 'manifest.json');
  const rendererFile = siteRendererPath(env);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(rendererFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as SiteRenderer;
  const client = manifest[SITE_CLIENT];
  const shell = manifest['index.html'];
  if (!client || !shell) throw new Error(`${manifestFile} lists no ${SITE_CLIENT} or index.html`);

  /** A chunk's file and those of every chunk it imports (what `modulepreload` should fetch). */
  const filesOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => filesOf(k, seen))];
  };
  /** The style sheets of a chunk and of every chunk it imports (the build may move CSS to them). */
  const stylesOf = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => stylesOf(k, seen))];
  };
  const script = `/${client.file}`;
  // the web app's own style sheet (Tailwind's, one for the app and the site pages)
  const styles = [...new Set(stylesOf('index.html'))].map((f) => `/${f}`);
  const byPage = new Map<string, PageAssets>();
  return {
    renderer,
    assets: (page) => {
      let found = byPage.get(page);
      if (!found) {
        const islands = renderer.PAGE_ISLANDS[page] ?? [];
        const files = new Set([
          ...filesOf(SITE_CLIENT).slice(1),
          ...islands.flatMap((name) => filesOf(renderer.ISLAND_SOURCES[name] ?? '')),
        ]);
        files.delete(client.file);
        found = { styles, script, preloads: [...files].map((f) => `/${f}`) };
        byPage.set(page, found);
      }
      return found;
    },
  };
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export const asLang = (value: unknown): Lang | null =>
  value === 'en' || value === 'es' ? value : null;

/** `?lang=`, then the cookie, then Accept-Language (its first of es/en), then English — as the web app. */
export function siteLanguage(c: Context<AppEnv>, explicit?: unknown): Lang {
  return (
    asLang(explicit) ??
    asLang(readCookie(c.req.header('cookie'), LANG_COOKIE)) ??
    (c.get('lang') as Lang)
  );
}

export function langCookie(lang: Lang, secure: boolean): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** An HTML answer: compressed by Accept-Encoding, with an ETag (304 when it matches). */
export function sendHtml(
  c: Context<AppEnv>,
  html: string,
  status: 200 | 400 | 401 | 403 | 404 | 429 | 500,
  extra: Record<string, string> = {},
): Response {
  const raw = Buffer.from(html);
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  const hash = htmlHash(raw);
  const headers: Record<string, string> = { ...HTML_HEADERS, ...extra };
  if (status === 200) {
    headers.ETag = etagOf(hash, encoding);
    if (etagMatchesHash(c.req.header('if-none-match'), hash))
      return new Response(null, { status: 304, headers });
  }
  headers['Content-Type'] = 'text/html; charset=utf-8';
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encodeHtml(raw, encoding);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}

const loginFormSchema = z
  .object({
    email: z.string().max(1000).optional().openapi({
      description:
        'The e-mail address, or a phone number starting with + (phone + password sign-in)',
    }),
    password: z.string().max(1000).optional().openapi({ description: 'The password' }),
    redirect: z
      .string()
      .max(2048)
      .optional()
      .openapi({ description: 'Where to go after signing in: a path of this site' }),
    lang: z.enum(['en', 'es']).optional().openapi({ description: 'The language of the page' }),
  })
  .openapi('SiteLoginForm');

export const siteLoginRoute = defineRoute({
  method: 'post',
  path: '/api/site/login',
  access: access.public,
  operationId: 'siteLogin',
  tags: ['auth'],
  summary: 'Sign in with the /login form when JavaScript is off',
  description:
    "The sign-in page's form, posted by the browser itself (form-encoded). It signs in exactly as " +
    '`POST /api/auth/sign-in/email` (same checks, throttling and audit), then answers 303 to the ' +
    '`redirect` path (a path of this site; otherwise /dashboard) with the session cookie, or the ' +
    'sign-in page again (HTML) with the refusal.',
  request: {
    body: {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: loginFormSchema } },
    },
  },
  responses: {
    303: { description: 'Signed in: on to the `redirect` path or /dashboard' },
    200: {
      description: 'The sign-in page again, with the refusal',
      content: { 'text/html': { schema: z.string() } },
    },
  },
});

const loaders = new WeakMap<Deps, () => Promise<Site | null>>();

/**
 * The site renderer and assets of this server (loaded once, shared by every site page's routes);
 * null until they are built.
 */
export function siteOf(deps: Deps): () => Promise<Site | null> {
  let found = loaders.get(deps);
  if (!found) {
    let site: Promise<Site | null> | null = null;
    found = () => {
      site ??= loadSite(deps.env).catch((error: unknown) => {
        deps.logger.error({ err: (error as Error).message }, 'site pages failed to load');
        return null;
      });
      return site.then((s) => {
        if (!s) site = null; // not built yet: look again on the next request
        return s;
      });
    };
    loaders.set(deps, found);
  }
  return found;
}

/** 503 while the site pages are not built. */
export const notBuilt = (c: Context<AppEnv>) =>
  c.text('The site pages are not built. Run `npm run build`.', 503, {
    'Cache-Control': 'no-store',
  });

export const isSecure = (deps: Deps) =>
  new URL(deps.env.BASE_URL ?? 'http://localhost').protocol === 'https:';

/**
 * Site pages and their form routes. `app` is the whole application: the no-JavaScript sign-in
 * goes through it again as the JSON sign-in.
 */
export function registerSitePages(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const current = siteOf(deps);
  void current();
  const secure = isSecure(deps);

  app.on(['GET', 'HEAD'], '/login', async (c) => {
    const query = c.req.query();
    const returnTo = safeReturnPath(query.redirect);
    const { session, setCookie } = await resolveSession(deps, c.req.header('cookie'));
    // `?step=mfa`: the second step of a sign-in (a pending challenge, no session yet), or a step-up
    // of a session with a factor that has not used it (ADR 0025)
    const secondFactor =
      query.step !== 'mfa'
        ? null
        : !session
          ? 'sign-in'
          : session.aal < 2 && session.mfaEnrolled
            ? 'step-up'
            : null;
    if (session && !secondFactor) {
      const headers: Record<string, string> = {
        Location: returnTo ?? '/dashboard',
        'Cache-Control': 'no-cache',
        Vary: 'Cookie',
      };
      if (setCookie) headers['Set-Cookie'] = setCookie;
      return new Response(null, { status: 302, headers });
    }
    const loaded = await current();
    if (!loaded) return notBuilt(c);
    const explicit = asLang(query.lang);
    const lang = siteLanguage(c, explicit);
    const html = loaded.renderer.renderLoginPage({
      lang,
      clinicName: deps.env.CLINIC_NAME,
      returnTo,
      secondFactor,
      emailToOutbox: !deps.env.SMTP_URL,
      // better-auth's link tokens are 32 letters; the refusal codes are words and underscores
      linkToken: secondFactor || !/^[A-Za-z]{32}$/.test(query.link ?? '') ? null : query.link!,
      linkError: /^[A-Za-z_]{1,64}$/.test(query.error ?? '') ? query.error! : null,
      smsToOutbox: !deps.outbox.providers.sms,
      assets: loaded.assets('login'),
    });
    return sendHtml(c, html, 200, explicit ? { 'Set-Cookie': langCookie(lang, secure) } : {});
  });

  app.openapi(siteLoginRoute, async (c) => {
    const form = c.req.valid('form');
    const lang = siteLanguage(c, form.lang);
    const returnTo = safeReturnPath(form.redirect);
    const email = form.email ?? '';
    const render = async (
      status: 200 | 400 | 401 | 403 | 429 | 500,
      outcome: Pick<LoginRenderInput, 'refusal' | 'fieldErrors'>,
      extra: Record<string, string> = {},
    ) => {
      const loaded = await current();
      if (!loaded) return notBuilt(c);
      const html = loaded.renderer.renderLoginPage({
        lang,
        clinicName: deps.env.CLINIC_NAME,
        returnTo,
        email,
        ...outcome,
        assets: loaded.assets('login'),
      });
      return sendHtml(c, html, status, { 'Cache-Control': 'no-store', ...extra });
    };

    // a `+` number is a phone (ADR 0041): phone + password sign-in
    const phone = email.trim().startsWith('+') ? normalizePhone(email.trim()) : null;
    if (phone !== null && !PHONE_E164.test(phone))
      return render(400, { fieldErrors: { email: 'invalid' } });
    // the page script's check (the shared schema), for a browser without the script
    const checked = phone
      ? ({ success: true, data: { phoneNumber: phone, password: form.password ?? '' } } as const)
      : signInSchema.safeParse({ email, password: form.password ?? '' });
    if (!checked.success) {
      const fieldErrors: LoginRenderInput['fieldErrors'] = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !fieldErrors[field]) {
          const m = issue.message;
          fieldErrors[field] =
            m === 'required' || m === 'invalid_email' || m === 'too_long' ? m : 'invalid';
        }
      }
      return render(400, { fieldErrors });
    }

    // The JSON sign-in, through this app: Origin check, better-auth, throttle, audit, cache clear.
    const headers = new Headers();
    for (const name of [
      'origin',
      'sec-fetch-site',
      'cookie',
      'user-agent',
      'x-forwarded-for',
      'x-forwarded-proto',
    ]) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    headers.set('accept-language', lang);
    const response = await app.fetch(
      new Request(
        new URL(phone ? '/api/auth/sign-in/phone-number' : '/api/auth/sign-in/email', c.req.url),
        {
          method: 'POST',
          headers,
          body: JSON.stringify(checked.data),
        },
      ),
      c.env,
    );

    if (response.ok) {
      // an account with a second factor: on to the code step (its challenge cookie comes along)
      const answer = (await response
        .clone()
        .json()
        .catch(() => null)) as { twoFactorRedirect?: unknown } | null;
      const next =
        answer?.twoFactorRedirect === true
          ? `/login?step=mfa${returnTo ? `&redirect=${encodeURIComponent(returnTo)}` : ''}`
          : returnPathOrDefault(returnTo);
      const out = new Headers({
        Location: next,
        'Cache-Control': 'no-store',
      });
      for (const cookie of response.headers.getSetCookie()) out.append('Set-Cookie', cookie);
      out.append(
        'Set-Cookie',
        `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=60; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return new Response(null, { status: 303, headers: out });
    }
    let body: Record<string, unknown> = {};
    try {
      body = ((await response.json()) as Record<string, unknown> | null) ?? {};
    } catch {
      // not JSON: the status decides
    }
    // better-auth answers `{ code, message }`, this server's own refusals `{ error: { code, message } }`
    const nested = (body.error ?? {}) as Record<string, unknown>;
    const code = typeof body.code === 'string' ? body.code : nested.code;
    const message = typeof body.message === 'string' ? body.message : nested.message;
    const wait = Number(response.headers.get('retry-after'));
    const refusal: Refusal = {
      status: response.status,
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof message === 'string' ? { message } : {}),
      ...(Number.isFinite(wait) && wait > 0 ? { retryAfterS: Math.ceil(wait) } : {}),
    };
    const status = ([400, 401, 403, 429] as const).find((s) => s === response.status) ?? 500;
    const retry = response.headers.get('retry-after');
    return render(status, { refusal }, retry ? { 'Retry-After': retry } : {});
  });
}
