import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import { limitLinksPerAddress } from '../../http/address-limit';
import type { AppEnv, Deps } from '../../http/types';
import type { Viewer } from './appointments.policy';
import { noShowReport } from './no-shows.service';
import { readPreference, updatePreference } from './reminder-preferences.service';
import { cancelByLink, confirmByLink, openReminderLink } from './reminder-links.service';
import * as routes from './reminders.routes';

function viewerOf(c: Context<AppEnv>): Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

/** Registered before the appointments' `{id}` routes (static paths first). */
export function registerReminders(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // the public link routes: a limit per client address before anything is parsed or written
  app.use('/api/appointment-links/*', limitLinksPerAddress(deps.env));
  app.openapi(routes.linkViewRoute, async (c) => {
    const { purpose, token } = c.req.valid('json');
    return c.json(await openReminderLink(deps, actorOf(c), purpose, token), 200);
  });
  app.openapi(routes.linkConfirmRoute, async (c) =>
    c.json(await confirmByLink(deps, actorOf(c), c.req.valid('json').token), 200),
  );
  app.openapi(routes.linkCancelRoute, async (c) =>
    c.json(await cancelByLink(deps, actorOf(c), c.req.valid('json').token), 200),
  );
  app.openapi(routes.noShowReportRoute, async (c) =>
    c.json(await noShowReport(deps, viewerOf(c), c.req.valid('query')), 200),
  );
  app.openapi(routes.getPreferenceRoute, async (c) =>
    c.json(await readPreference(deps, viewerOf(c), c.req.valid('param').patientId), 200),
  );
  app.openapi(routes.putPreferenceRoute, async (c) =>
    c.json(
      await updatePreference(
        deps,
        viewerOf(c),
        c.req.valid('param').patientId,
        c.req.valid('json'),
      ),
      200,
    ),
  );
}
