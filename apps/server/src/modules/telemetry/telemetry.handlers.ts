import type { OpenAPIHono } from '@hono/zod-openapi';
import { limitBody } from '../../http/body-limit';
import { AddressLimiter, limitPerAddress } from '../../http/address-limit';
import type { AppEnv, Deps } from '../../http/types';
import {
  CLIENT_LOGS_BODY_MAX,
  ClientLogBudget,
  trimContext,
  truncate,
  VITALS_BODY_MAX,
} from './telemetry.limits';
import { insertVitals } from './telemetry.repository';
import { clientLogsRoute, vitalsRoute } from './telemetry.routes';

export function registerTelemetry(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const { env } = deps;
  const budget = new ClientLogBudget(
    deps.logger.child({ source: 'web' }),
    env.CLIENT_LOG_LINES_PER_MIN,
  );
  const windowMs = env.RATE_LIMIT_TELEMETRY_WINDOW_S * 1000;
  // anonymous writes: a small body and a few requests per address before anything is parsed
  app.use(
    clientLogsRoute.path,
    limitPerAddress(new AddressLimiter(env.RATE_LIMIT_TELEMETRY_MAX, windowMs)),
    limitBody(CLIENT_LOGS_BODY_MAX),
  );
  app.use(
    vitalsRoute.path,
    limitPerAddress(new AddressLimiter(env.RATE_LIMIT_TELEMETRY_MAX, windowMs)),
    limitBody(VITALS_BODY_MAX),
  );

  app.openapi(clientLogsRoute, (c) => {
    const { entries } = c.req.valid('json');
    for (const entry of entries) {
      budget.write(
        entry.level,
        {
          requestId: c.get('requestId'),
          userId: c.get('session')?.user.id,
          clientTime: entry.timestamp,
          path: entry.path ? truncate(entry.path.split(/[?#]/)[0] ?? '', 120) : undefined,
          context: trimContext(entry.context),
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
