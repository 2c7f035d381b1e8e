import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './messages.routes';
import * as service from './messages.service';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

export function registerMessages(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.unreadRoute, async (c) =>
    c.json(await service.unread(deps, viewerOf(c)), 200),
  );

  app.openapi(routes.quickRepliesRoute, (c) =>
    c.json({ items: service.quickReplies(viewerOf(c), c.get('lang')) }, 200),
  );

  app.openapi(routes.recipientsRoute, async (c) =>
    c.json({ items: await service.recipients(deps, viewerOf(c), c.req.valid('query').q) }, 200),
  );

  app.openapi(routes.listThreadsRoute, async (c) =>
    c.json(await service.listThreads(deps, viewerOf(c), c.req.valid('query')), 200),
  );

  app.openapi(routes.createThreadRoute, async (c) =>
    c.json(await service.createThread(deps, viewerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getThreadRoute, async (c) =>
    c.json(
      await service.readThread(deps, viewerOf(c), service.threadId(c.req.valid('param').id)),
      200,
    ),
  );

  app.openapi(routes.postMessageRoute, async (c) =>
    c.json(
      await service.postMessage(
        deps,
        viewerOf(c),
        service.threadId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      201,
    ),
  );

  app.openapi(routes.postAttachmentRoute, async (c) => {
    const { name, urgent } = c.req.valid('query');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const declaredType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    return c.json(
      await service.postAttachment(deps, viewerOf(c), service.threadId(c.req.valid('param').id), {
        declaredType,
        name,
        bytes,
        urgent: urgent === 'true',
      }),
      201,
    );
  });

  app.openapi(routes.getAttachmentRoute, async (c) => {
    const file = await service.readAttachment(deps, viewerOf(c), c.req.valid('param').id);
    c.header('Content-Type', file.contentType);
    c.header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(file.content), 200);
  });

  app.openapi(routes.markReadRoute, async (c) =>
    c.json(
      await service.markRead(
        deps,
        viewerOf(c),
        service.threadId(c.req.valid('param').id),
        c.req.valid('json').upTo,
      ),
      200,
    ),
  );
}
