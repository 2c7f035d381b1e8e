import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import { getMfaPolicyRoute, setMfaPolicyRoute } from './mfa.routes';
import { getMfaPolicy, setMfaPolicy } from './mfa.service';

export function registerMfa(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(getMfaPolicyRoute, async (c) => c.json(await getMfaPolicy(deps), 200));
  app.openapi(setMfaPolicyRoute, async (c) =>
    c.json(await setMfaPolicy(deps, actorOf(c), c.req.valid('json')), 200),
  );
}
