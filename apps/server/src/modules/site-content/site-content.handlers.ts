import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SiteLang } from '@painlab/shared/site-content';
import { ApiError } from '../../http/errors';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import { registerSiteContentPages } from './site-content.pages';
import * as routes from './site-content.routes';
import * as service from './site-content.service';
import { variantByName } from './images.repository';

const langOf = (c: Context<AppEnv>, explicit: SiteLang | undefined): SiteLang =>
  explicit ?? (c.get('lang') === 'en' ? 'en' : 'es');

export function registerSiteContent(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.siteImageRoute, async (c) => {
    const { name } = c.req.valid('param');
    const etag = `"${name}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    c.header('X-Content-Type-Options', 'nosniff');
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return c.body(null, 304);
    const variant = await variantByName(deps.database.db, name);
    if (!variant) {
      c.header('Cache-Control', 'no-store');
      throw new ApiError(404, 'not_found');
    }
    c.header('Content-Type', variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
    return c.body(new Uint8Array(variant.content), 200);
  });

  app.openapi(routes.listPostsRoute, async (c) => {
    const { lang, ...query } = c.req.valid('query');
    return c.json(await service.listPosts(deps, langOf(c, lang), query), 200);
  });

  app.openapi(routes.getPostRoute, async (c) => {
    const post = await service.post(
      deps,
      c.req.valid('param').slug,
      langOf(c, c.req.valid('query').lang),
    );
    if (!post) throw new ApiError(404, 'not_found');
    return c.json(post, 200);
  });

  app.openapi(routes.listSpecialistsRoute, async (c) =>
    c.json(
      { items: await service.listSpecialists(deps, langOf(c, c.req.valid('query').lang)) },
      200,
    ),
  );

  app.openapi(routes.getSpecialistRoute, async (c) => {
    const found = await service.specialist(
      deps,
      c.req.valid('param').slug,
      langOf(c, c.req.valid('query').lang),
    );
    if (!found) throw new ApiError(404, 'not_found');
    return c.json(found, 200);
  });

  app.openapi(routes.listTestimonialsRoute, async (c) =>
    c.json({ items: await service.testimonials(deps, langOf(c, c.req.valid('query').lang)) }, 200),
  );

  app.openapi(routes.getPageTextRoute, async (c) => {
    const text = await service.pageText(
      deps,
      c.req.valid('param').page,
      langOf(c, c.req.valid('query').lang),
    );
    if (!text) throw new ApiError(404, 'not_found');
    return c.json(text, 200);
  });

  app.openapi(routes.contactRoute, async (c) => {
    const input = c.req.valid('json');
    const result = await service.submitContact(
      deps,
      input,
      c.get('clientIp'),
      langOf(c, input.lang),
    );
    if (result.retryAfterS) {
      // the envelope of every refusal (the error handler answers on this context), with the wait
      c.header('Retry-After', String(result.retryAfterS));
      throw new ApiError(429, 'rate_limited');
    }
    return c.json({ ok: true as const }, 202);
  });

  app.openapi(routes.listContactMessagesRoute, async (c) =>
    c.json({ items: await service.listContactMessages(deps, actorOf(c)) }, 200),
  );

  app.openapi(routes.markContactMessageRoute, async (c) =>
    c.json(
      await service.markContactHandled(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').handled,
      ),
      200,
    ),
  );

  registerSiteContentPages(app, deps);
}
