import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import type { Viewer } from './dashboard.policy';
import * as routes from './dashboard.routes';
import * as layouts from './layouts.service';
import { dashboardSummary } from './summary.service';

function viewerOf(c: Context<AppEnv>): Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

export function registerDashboard(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.dashboardSummaryRoute, async (c) =>
    c.json(await dashboardSummary(deps, viewerOf(c), c.req.valid('query')), 200),
  );

  app.openapi(routes.listLayoutsRoute, async (c) =>
    c.json(await layouts.listMyLayouts(deps, viewerOf(c)), 200),
  );

  app.openapi(routes.createLayoutRoute, async (c) =>
    c.json(await layouts.createLayout(deps, viewerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.updateLayoutRoute, async (c) =>
    c.json(
      await layouts.changeLayout(
        deps,
        viewerOf(c),
        layouts.layoutId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(routes.deleteLayoutRoute, async (c) => {
    await layouts.removeLayout(deps, viewerOf(c), layouts.layoutId(c.req.valid('param').id));
    return c.body(null, 204);
  });
}
