import type { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { errorBody } from '../../http/errors';
import type { AppEnv, Deps } from '../../http/types';
import { configRoute, healthRoute } from './system.routes';

const HEALTH_TIMEOUT_MS = 3000;

export function registerSystem(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(healthRoute, async (c) => {
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        deps.database.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, 'health check failed');
      return c.json(errorBody(c, 'service_unavailable'), 503);
    }
  });

  app.openapi(configRoute, (c) =>
    c.json(
      {
        clinicName: deps.env.CLINIC_NAME,
        registrationOpen: deps.env.REGISTRATION_OPEN,
        emailDelivery: deps.env.SMTP_URL ? 'smtp' : 'outbox',
      },
      200,
    ),
  );
}
