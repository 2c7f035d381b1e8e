import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import { addComment, readComments, readHistory } from './comments.service';
import { assignable, listForViewer } from './list.service';
import * as routes from './tasks.routes';
import * as service from './tasks.service';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

export function registerTasks(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // static paths first: they would otherwise be read as an {id}
  app.openapi(routes.assignableRoute, async (c) =>
    c.json({ items: await assignable(deps, viewerOf(c), c.req.valid('query').patientId) }, 200),
  );

  app.openapi(routes.listTasksRoute, async (c) => {
    const { cursor, limit, ...filter } = c.req.valid('query');
    return c.json(await listForViewer(deps, viewerOf(c), filter, cursor, limit), 200);
  });

  app.openapi(routes.createTaskRoute, async (c) =>
    c.json(await service.createTask(deps, viewerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getTaskRoute, async (c) =>
    c.json(await service.readTask(deps, viewerOf(c), service.taskId(c.req.valid('param').id)), 200),
  );

  app.openapi(routes.updateTaskRoute, async (c) =>
    c.json(
      await service.updateTask(
        deps,
        viewerOf(c),
        service.taskId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(routes.transitionTaskRoute, async (c) => {
    const { status, version } = c.req.valid('json');
    return c.json(
      await service.transitionTask(
        deps,
        viewerOf(c),
        service.taskId(c.req.valid('param').id),
        status,
        version,
      ),
      200,
    );
  });

  app.openapi(routes.listCommentsRoute, async (c) =>
    c.json(
      { items: await readComments(deps, viewerOf(c), service.taskId(c.req.valid('param').id)) },
      200,
    ),
  );

  app.openapi(routes.addCommentRoute, async (c) =>
    c.json(
      await addComment(
        deps,
        viewerOf(c),
        service.taskId(c.req.valid('param').id),
        c.req.valid('json').body,
      ),
      201,
    ),
  );

  app.openapi(routes.historyRoute, async (c) =>
    c.json(
      { items: await readHistory(deps, viewerOf(c), service.taskId(c.req.valid('param').id)) },
      200,
    ),
  );
}
