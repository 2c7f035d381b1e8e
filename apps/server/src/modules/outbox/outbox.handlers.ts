import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import { getOutboxMessageRoute, listOutboxRoute, retryOutboxMessageRoute } from './outbox.routes';
import { getOutboxMessage, listOutbox, retryOutboxMessage } from './outbox.service';

export function registerOutbox(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(listOutboxRoute, async (c) =>
    c.json(await listOutbox(deps, actorOf(c), c.req.valid('query')), 200),
  );
  app.openapi(getOutboxMessageRoute, async (c) =>
    c.json(await getOutboxMessage(deps, actorOf(c), c.req.valid('param').id), 200),
  );
  app.openapi(retryOutboxMessageRoute, async (c) =>
    c.json(await retryOutboxMessage(deps, actorOf(c), c.req.valid('param').id), 200),
  );
}
