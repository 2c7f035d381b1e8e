import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import { limitLinksPerAddress } from '../../http/address-limit';
import type { AppEnv, Deps } from '../../http/types';
import { linkDraft, linkSubmit, openLink } from './link.service';
import * as routes from './questionnaires.routes';
import * as service from './questionnaires.service';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

export function registerQuestionnaires(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.overviewRoute, async (c) =>
    c.json(
      await service.overview(deps, viewerOf(c), service.recordId(c.req.valid('param').id)),
      200,
    ),
  );

  app.openapi(routes.createScheduleRoute, async (c) =>
    c.json(
      await service.createSchedule(
        deps,
        viewerOf(c),
        service.recordId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      201,
    ),
  );

  app.openapi(routes.stopScheduleRoute, async (c) => {
    const { id, scheduleId } = c.req.valid('param');
    return c.json(
      await service.stop(deps, viewerOf(c), service.recordId(id), service.recordId(scheduleId)),
      200,
    );
  });

  app.openapi(routes.mineRoute, async (c) => c.json(await service.mine(deps, viewerOf(c)), 200));

  app.openapi(routes.fillViewRoute, async (c) =>
    c.json(
      await service.fillView(deps, viewerOf(c), service.recordId(c.req.valid('param').id)),
      200,
    ),
  );

  app.openapi(routes.draftRoute, async (c) => {
    const { answers, version } = c.req.valid('json');
    return c.json(
      await service.draft(
        deps,
        viewerOf(c),
        service.recordId(c.req.valid('param').id),
        answers,
        version,
      ),
      200,
    );
  });

  app.openapi(routes.submitRoute, async (c) =>
    c.json(
      await service.submit(
        deps,
        viewerOf(c),
        service.recordId(c.req.valid('param').id),
        c.req.valid('json').answers,
      ),
      201,
    ),
  );

  // the public link routes: a limit per client address before anything is parsed or written
  app.use('/api/questionnaire-links/*', limitLinksPerAddress(deps.env));
  app.openapi(routes.linkOpenRoute, async (c) =>
    c.json(await openLink(deps, actorOf(c), c.req.valid('json').token), 200),
  );

  app.openapi(routes.linkDraftRoute, async (c) => {
    const { token, answers, version } = c.req.valid('json');
    return c.json(await linkDraft(deps, actorOf(c), token, answers, version), 200);
  });

  app.openapi(routes.linkSubmitRoute, async (c) => {
    const { token, answers } = c.req.valid('json');
    return c.json(await linkSubmit(deps, actorOf(c), token, answers), 201);
  });
}
