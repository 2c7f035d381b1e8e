/** One log line per request: method, route pattern (not the URL), status, duration, ids. No bodies. */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './types';

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    const status = c.res.status;
    if (status < 500 && !logger.isLevelEnabled('info')) return; // LOG_LEVEL=warn or above: nothing to build
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: routePath(c, -1),
      status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      userId: c.get('session')?.user.id,
    };
    if (status >= 500) logger.error(entry, 'request');
    else logger.info(entry, 'request');
  };
}
