import type { OpenAPIHono } from '@hono/zod-openapi';
import { errorBody } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import { pendingRoutes } from './pending.routes';

export function registerPending(app: OpenAPIHono<AppEnv>): void {
  for (const route of pendingRoutes) {
    app.openapi(route, (c) => c.json(errorBody(c, 'module_unavailable'), 501));
  }
}
