import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import { limitLinksPerAddress } from '../../http/address-limit';
import type { AppEnv, Deps } from '../../http/types';
import type { Viewer } from './appointments.policy';
import * as routes from './waitlist.routes';
import * as waitlist from './waitlist.service';

function viewerOf(c: Context<AppEnv>): Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

/** Registered before the appointments' `{id}` routes (static paths first). */
export function registerWaitlist(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.listWaitlistRoute, async (c) =>
    c.json(await waitlist.listWaitlist(deps, viewerOf(c)), 200),
  );
  app.openapi(routes.addWaitlistRoute, async (c) =>
    c.json(await waitlist.addToWaitlist(deps, viewerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.removeWaitlistRoute, async (c) => {
    await waitlist.removeFromWaitlist(deps, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.takeOfferRoute, async (c) =>
    c.json(await waitlist.answerOffer(deps, viewerOf(c), c.req.valid('param').id, 'take'), 200),
  );
  app.openapi(routes.declineOfferRoute, async (c) =>
    c.json(await waitlist.answerOffer(deps, viewerOf(c), c.req.valid('param').id, 'decline'), 200),
  );
  // the public link routes: a limit per client address before anything is parsed or written
  app.use('/api/waitlist-offer-links/*', limitLinksPerAddress(deps.env));
  app.openapi(routes.offerLinkViewRoute, async (c) =>
    c.json(await waitlist.openOfferLink(deps, actorOf(c), c.req.valid('json').token), 200),
  );
  app.openapi(routes.offerLinkTakeRoute, async (c) =>
    c.json(await waitlist.answerByLink(deps, actorOf(c), c.req.valid('json').token, 'take'), 200),
  );
  app.openapi(routes.offerLinkDeclineRoute, async (c) =>
    c.json(
      await waitlist.answerByLink(deps, actorOf(c), c.req.valid('json').token, 'decline'),
      200,
    ),
  );
}
