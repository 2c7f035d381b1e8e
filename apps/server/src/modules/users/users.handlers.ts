import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import { createUserRoute, deleteUserRoute, listUsersRoute, updateUserRoute } from './users.routes';
import { createUser, deleteUser, listUsersAudited, updateUser } from './users.service';

export function registerUsers(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(listUsersRoute, async (c) => {
    const { after, limit, q, role } = c.req.valid('query');
    return c.json(await listUsersAudited(deps, actorOf(c), after, limit, { q, role }), 200);
  });

  app.openapi(createUserRoute, async (c) =>
    c.json(await createUser(deps, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(updateUserRoute, async (c) =>
    c.json(await updateUser(deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(deleteUserRoute, async (c) => {
    await deleteUser(deps, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}
