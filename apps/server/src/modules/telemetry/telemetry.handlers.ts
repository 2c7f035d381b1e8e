import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../../http/types';
import { insertVitals } from './telemetry.repository';
import { clientLogsRoute, vitalsRoute } from './telemetry.routes';

export function registerTelemetry(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const clientLog = deps.logger.child({ source: 'web' });

  app.openapi(clientLogsRoute, (c) => {
    const { entries } = c.req.valid('json');
    for (const entry of entries) {
      clientLog[entry.level](
        {
          requestId: c.get('requestId'),
          userId: c.get('session')?.user.id,
          clientTime: entry.timestamp,
          path: entry.path?.split(/[?#]/)[0],
          context: entry.context,
        },
        entry.message,
      );
    }
    return c.body(null, 204);
  });

  app.openapi(vitalsRoute, async (c) => {
    await insertVitals(deps.database.db, c.req.valid('json').metrics);
    return c.body(null, 204);
  });
}
