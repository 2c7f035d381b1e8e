import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SiteLang } from '@painlab/shared/site-content';
import { actorOf } from '../../http/actor';
import { limitLinksPerAddress } from '../../http/address-limit';
import { ApiError } from '../../http/errors';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './workshops.routes';
import { registerWorkshopPages } from './workshops.pages';
import * as service from './workshops.service';

const langOf = (c: Context<AppEnv>, explicit: SiteLang | undefined): SiteLang =>
  explicit ?? (c.get('lang') === 'en' ? 'en' : 'es');

/** A link's outcome as an API answer: done, or the refusal of an invalid, used or expired link. */
function linkAnswer(found: { state: service.LinkState; title: string | null }) {
  if (found.state === 'done') return { state: 'done' as const, title: found.title };
  if (found.state === 'invalid') throw new ApiError(404, 'workshop_link_invalid');
  if (found.state === 'already') throw new ApiError(410, 'workshop_link_used');
  throw new ApiError(410, 'workshop_link_expired');
}

export function registerWorkshops(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // the e-mails' cancel and seat-offer links (and their no-JavaScript forms): one counter per
  // address for the family, before the token is looked at (an unknown one is an audit row)
  const linkLimit = limitLinksPerAddress(deps.env);
  for (const route of [
    routes.cancelRoute,
    routes.confirmRoute,
    routes.cancelFormRoute,
    routes.confirmFormRoute,
  ])
    app.on('POST', route.path, linkLimit);
  app.openapi(routes.listWorkshopsRoute, async (c) => {
    const { market, lang } = c.req.valid('query');
    return c.json({ items: await service.upcoming(deps, market, langOf(c, lang)) }, 200);
  });

  app.openapi(routes.registerRoute, async (c) => {
    const input = c.req.valid('json');
    const result = await service.register(deps, input, c.get('clientIp'), langOf(c, input.lang));
    if (result.kind === 'rate_limited') {
      c.header('Retry-After', String(result.retryAfterS));
      throw new ApiError(429, 'rate_limited');
    }
    if (result.kind === 'honeypot') return c.json({ ok: true as const }, 202);
    return c.json({ outcome: result.outcome, position: result.position }, 201);
  });

  app.openapi(routes.cancelRoute, async (c) => {
    const { token, lang } = c.req.valid('json');
    return c.json(linkAnswer(await service.cancelByToken(deps, token, langOf(c, lang))), 200);
  });

  app.openapi(routes.confirmRoute, async (c) => {
    const { token, lang } = c.req.valid('json');
    return c.json(linkAnswer(await service.confirmOffer(deps, token, langOf(c, lang))), 200);
  });

  app.openapi(routes.staffListRoute, async (c) =>
    c.json({ items: await service.staffList(deps) }, 200),
  );

  app.openapi(routes.staffCreateRoute, async (c) =>
    c.json(await service.createWorkshop(deps, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.staffUpdateRoute, async (c) =>
    c.json(
      await service.updateWorkshop(deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );

  app.openapi(routes.staffRegistrationsRoute, async (c) =>
    c.json(await service.staffRegistrations(deps, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.staffCancelRoute, async (c) => {
    const { id, registrationId } = c.req.valid('param');
    return c.json(await service.staffCancel(deps, actorOf(c), id, registrationId), 200);
  });

  app.openapi(routes.staffExportRoute, async (c) => {
    const { csv, slug } = await service.staffCsv(deps, actorOf(c), c.req.valid('param').id);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="workshop-${slug}.csv"`,
      'Cache-Control': 'no-store',
    }) as never;
  });

  registerWorkshopPages(app, deps);
}
