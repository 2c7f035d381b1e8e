import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './treatments.routes';
import * as service from './treatments.service';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

export function registerTreatments(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // static paths first: they would otherwise be read as an {id}
  app.openapi(routes.myPlanRoute, async (c) => c.json(await service.mine(deps, viewerOf(c)), 200));

  app.openapi(routes.listPlansRoute, async (c) =>
    c.json(await service.list(deps, viewerOf(c), c.req.valid('query')), 200),
  );

  app.openapi(routes.createPlanRoute, async (c) =>
    c.json(await service.create(deps, viewerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getPlanRoute, async (c) =>
    c.json(await service.read(deps, viewerOf(c), service.planId(c.req.valid('param').id)), 200),
  );

  app.openapi(routes.getVersionRoute, async (c) => {
    const { id, version } = c.req.valid('param');
    return c.json(await service.readVersion(deps, viewerOf(c), service.planId(id), version), 200);
  });

  app.openapi(routes.revisePlanRoute, async (c) =>
    c.json(
      await service.revise(
        deps,
        viewerOf(c),
        service.planId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(routes.statusRoute, async (c) =>
    c.json(
      await service.changeStatus(
        deps,
        viewerOf(c),
        service.planId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(routes.acknowledgeRoute, async (c) =>
    c.json(
      await service.acknowledge(
        deps,
        viewerOf(c),
        service.planId(c.req.valid('param').id),
        c.req.valid('json').version,
      ),
      200,
    ),
  );

  app.openapi(routes.deletePlanRoute, async (c) => {
    await service.remove(deps, viewerOf(c), service.planId(c.req.valid('param').id));
    return c.body(null, 204);
  });
}
