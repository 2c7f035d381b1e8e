/**
 * The workshop pages, rendered per request by the site renderer like every public page (ADR 0012,
 * 0017, 0022): `/taller` (Spain, EUR) and `/taller-USA` (USA, USD, English unless the visitor chose
 * Spanish), the result page after registering, and the pages of the e-mails' links (cancel a seat,
 * confirm an offered seat). Those pages change nothing on GET — mail scanners open links —; their
 * button posts a form. Everything works without JavaScript.
 */
import { baseUrlOf } from '../../env';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SiteLang, SitePageData } from '@painlab/shared/site-content';
import {
  WORKSHOP_PAGES,
  workshopRegistrationInputSchema,
  type WorkshopField,
  type WorkshopFieldError,
  type WorkshopFormState,
  type WorkshopPagePath,
  type WorkshopResult,
} from '@painlab/shared/workshops';
import { ApiError } from '../../http/errors';
import {
  asLang,
  isSecure,
  langCookie,
  LANG_COOKIE,
  notBuilt,
  readCookie,
  sendHtml,
  siteLanguage,
  siteOf,
} from '../../http/site-pages';
import type { AppEnv, Deps } from '../../http/types';
import { clinic } from '../site-content/site-content.service';
import { cancelFormRoute, confirmFormRoute, registerFormRoute } from './workshops.routes';
import * as service from './workshops.service';

const EMPTY_FORM: WorkshopFormState = { workshopId: null, values: {}, errors: {}, refusal: null };

/** The site's own origin, from BASE_URL only: never the request's Host header (issue 22 item 17). */
const originOf = (deps: Deps) => baseUrlOf(deps.env).replace(/\/$/, '');

/** The page's language: `?lang`, the chosen language (cookie), then the page's own default. */
function languageOf(c: Context<AppEnv>, path: string, explicit: unknown): SiteLang {
  if (path === '/taller-USA') {
    return (
      asLang(explicit) ??
      asLang(readCookie(c.req.header('cookie'), LANG_COOKIE)) ??
      WORKSHOP_PAGES['/taller-USA'].defaultLang
    );
  }
  return siteLanguage(c, explicit) as SiteLang;
}

export function registerWorkshopPages(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const current = siteOf(deps);
  const secure = isSecure(deps);

  async function render(
    c: Context<AppEnv>,
    path: string,
    data: SitePageData,
    options: {
      lang: SiteLang;
      explicit: boolean;
      status?: 200 | 400 | 404 | 429;
      noStore?: boolean;
      extra?: Record<string, string>;
    },
  ): Promise<Response> {
    const loaded = await current();
    if (!loaded) return notBuilt(c);
    const html = loaded.renderer.renderPublicPage({
      notice: null,
      lang: options.lang,
      path,
      query: '',
      origin: originOf(deps),
      clinicName: deps.env.CLINIC_NAME,
      clinic: await clinic(deps, options.lang),
      data,
      langQuery: options.explicit ? `?lang=${options.lang}` : '',
      assets: loaded.assets(loaded.renderer.publicIslandsOf(data)),
    });
    const headers: Record<string, string> = { ...options.extra };
    if (options.explicit) headers['Set-Cookie'] = langCookie(options.lang, secure);
    if (options.noStore) headers['Cache-Control'] = 'no-store';
    return sendHtml(c, html, options.status ?? 200, headers);
  }

  async function workshopsPage(
    c: Context<AppEnv>,
    path: WorkshopPagePath,
    lang: SiteLang,
    explicit: boolean,
    form: WorkshopFormState = EMPTY_FORM,
    status: 200 | 400 | 404 | 429 = 200,
    extra?: Record<string, string>,
  ) {
    const market = WORKSHOP_PAGES[path].market;
    const workshops = await service.upcoming(deps, market, lang);
    return render(
      c,
      path,
      { page: 'workshops', market, workshops, form },
      { lang, explicit, status, noStore: form !== EMPTY_FORM, ...(extra ? { extra } : {}) },
    );
  }

  for (const path of Object.keys(WORKSHOP_PAGES) as WorkshopPagePath[])
    app.on(['GET', 'HEAD'], path, (c) => {
      const explicit = asLang(c.req.query('lang'));
      return workshopsPage(c, path, languageOf(c, path, explicit), Boolean(explicit));
    });

  app.on(['GET', 'HEAD'], '/taller/inscripcion', (c) => {
    const explicit = asLang(c.req.query('lang'));
    const lang = siteLanguage(c, explicit) as SiteLang;
    const outcome = c.req.query('estado');
    const position = Number(c.req.query('puesto'));
    const result: WorkshopResult = {
      kind: 'registered',
      outcome: outcome === 'waitlisted' ? 'waitlisted' : 'confirmed',
      position: Number.isInteger(position) && position > 0 ? position : null,
      title: (c.req.query('titulo') ?? '').slice(0, 160),
      from: c.req.query('desde') === '/taller-USA' ? '/taller-USA' : '/taller',
    };
    return render(
      c,
      '/taller/inscripcion',
      { page: 'workshop-result', result },
      {
        lang,
        explicit: Boolean(explicit),
        noStore: true,
      },
    );
  });

  // the links of the e-mails: a page that asks, and a form post that acts
  app.on(['GET', 'HEAD'], '/taller/anular', async (c) => {
    const explicit = asLang(c.req.query('lang'));
    const lang = siteLanguage(c, explicit) as SiteLang;
    const token = c.req.query('t');
    const found = await service.cancelLinkState(deps, token, lang);
    const state = found.state === 'lapsed' ? 'already' : found.state;
    return render(
      c,
      '/taller/anular',
      {
        page: 'workshop-result',
        result: { kind: 'cancel', state: state as 'ask', title: found.title, token: token ?? null },
      },
      { lang, explicit: Boolean(explicit), noStore: true, status: state === 'invalid' ? 404 : 200 },
    );
  });

  app.on(['GET', 'HEAD'], '/taller/confirmar', async (c) => {
    const explicit = asLang(c.req.query('lang'));
    const lang = siteLanguage(c, explicit) as SiteLang;
    const token = c.req.query('t');
    const found = await service.offerLinkState(deps, token, lang);
    return render(
      c,
      '/taller/confirmar',
      {
        page: 'workshop-result',
        result: {
          kind: 'offer',
          state: found.state as 'ask',
          title: found.title,
          token: token ?? null,
          expiresAt: found.expiresAt,
        },
      },
      {
        lang,
        explicit: Boolean(explicit),
        noStore: true,
        status: found.state === 'invalid' ? 404 : 200,
      },
    );
  });

  app.openapi(cancelFormRoute, async (c) => {
    const form = c.req.valid('form');
    const lang = siteLanguage(c, form.lang) as SiteLang;
    const found = await service.cancelByToken(deps, form.t, lang);
    const state = found.state === 'lapsed' ? 'already' : found.state;
    return render(
      c,
      '/taller/anular',
      {
        page: 'workshop-result',
        result: { kind: 'cancel', state: state as 'done', title: found.title, token: null },
      },
      { lang, explicit: false, noStore: true, status: state === 'invalid' ? 404 : 200 },
    ) as never;
  });

  app.openapi(confirmFormRoute, async (c) => {
    const form = c.req.valid('form');
    const lang = siteLanguage(c, form.lang) as SiteLang;
    const found = await service.confirmOffer(deps, form.t, lang);
    return render(
      c,
      '/taller/confirmar',
      {
        page: 'workshop-result',
        result: {
          kind: 'offer',
          state: found.state as 'done',
          title: found.title,
          token: null,
          expiresAt: null,
        },
      },
      { lang, explicit: false, noStore: true, status: found.state === 'invalid' ? 404 : 200 },
    ) as never;
  });

  app.openapi(registerFormRoute, async (c) => {
    const form = c.req.valid('form');
    const from: WorkshopPagePath = form.from === '/taller-USA' ? '/taller-USA' : '/taller';
    const lang = languageOf(c, from, form.lang);
    const values: WorkshopFormState['values'] = {
      name: form.name ?? '',
      email: form.email ?? '',
      consent: form.consent === 'on' ? 'on' : '',
    };
    const workshopId = form.workshopId ?? '';
    const parsed = workshopRegistrationInputSchema.safeParse({
      workshopId,
      name: values.name,
      email: values.email,
      consent: values.consent === 'on',
      website: form.website ?? '',
      lang,
    });
    const again = (
      state: Partial<WorkshopFormState>,
      status: 200 | 400 | 404 | 429,
      extra?: Record<string, string>,
    ) =>
      workshopsPage(
        c,
        from,
        lang,
        false,
        { ...EMPTY_FORM, workshopId, values, ...state },
        status,
        extra,
      ) as never;
    if (!parsed.success) {
      const errors: WorkshopFormState['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as WorkshopField | 'workshopId';
        if (field === 'workshopId') return again({}, 404);
        if (!errors[field]) errors[field] = issue.message as WorkshopFieldError;
      }
      return again({ errors }, 400);
    }
    try {
      const result = await service.register(deps, parsed.data, c.get('clientIp'), lang);
      if (result.kind === 'rate_limited')
        return again({ refusal: 'rate_limited' }, 429, {
          'Retry-After': String(result.retryAfterS),
        });
      const query = new URLSearchParams({ lang, desde: from });
      if (result.kind === 'registered') {
        query.set('estado', result.outcome);
        if (result.position) query.set('puesto', String(result.position));
        query.set('titulo', result.title);
      } else query.set('estado', 'confirmed');
      return new Response(null, {
        status: 303,
        headers: { Location: `/taller/inscripcion?${query}`, 'Cache-Control': 'no-store' },
      }) as never;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_registered')
        return again({ refusal: 'already_registered' }, 400);
      if (error instanceof ApiError && error.code === 'workshop_closed')
        return again({ refusal: 'closed' }, 400);
      if (error instanceof ApiError && error.code === 'not_found') return again({}, 404);
      throw error;
    }
  });
}
