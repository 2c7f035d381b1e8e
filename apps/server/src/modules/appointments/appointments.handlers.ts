import { limitLinksPerAddress } from '../../http/address-limit';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './appointments.routes';
import * as service from './appointments.service';
import * as availability from './availability.service';
import * as feed from './calendar-feed.service';
import * as series from './series.service';
import * as feedRoutes from './calendar-feed.routes';
import { registerReminders } from './reminders.handlers';
import { registerWaitlist } from './waitlist.handlers';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

const idOf = (c: { req: { valid: (t: 'param') => { id: string } } }) =>
  service.appointmentId(c.req.valid('param').id);

export function registerAppointments(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // static paths first: they would otherwise be read as an {id}
  registerReminders(app, deps);
  registerWaitlist(app, deps);
  app.openapi(feedRoutes.feedStatusRoute, async (c) =>
    c.json(await feed.feedStatus(deps, viewerOf(c)), 200),
  );
  app.openapi(feedRoutes.createFeedRoute, async (c) =>
    c.json(await feed.createFeed(deps, viewerOf(c), c.get('lang')), 201),
  );
  app.openapi(feedRoutes.revokeFeedRoute, async (c) => {
    await feed.revokeFeed(deps, viewerOf(c));
    return c.body(null, 204);
  });
  // the subscription feed is public (its secret is the file name): a counter per address before the
  // secret is looked at, as an unknown one is an audit row (calendar apps poll every few hours)
  const feedLimit = limitLinksPerAddress(deps.env);
  app.use('/api/calendar/*', (c, next) =>
    c.req.method === 'GET' && c.req.path.endsWith('.ics') ? feedLimit(c, next) : next(),
  );
  app.openapi(feedRoutes.feedRoute, async (c) => {
    const ics = await feed.readFeed(deps, actorOf(c), c.req.valid('param').file);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex');
    return c.body(ics, 200);
  });
  app.openapi(routes.typesRoute, async (c) =>
    c.json({ items: await availability.types(deps, viewerOf(c)) }, 200),
  );
  app.openapi(routes.specialistsRoute, async (c) =>
    c.json({ items: await availability.specialists(deps) }, 200),
  );
  app.openapi(routes.settingsRoute, async (c) => c.json(await availability.settings(deps), 200));
  app.openapi(routes.updateSettingsRoute, async (c) =>
    c.json(await availability.updateSettings(deps, viewerOf(c), c.req.valid('json')), 200),
  );
  app.openapi(routes.slotsRoute, async (c) =>
    c.json({ items: await availability.searchSlots(deps, viewerOf(c), c.req.valid('query')) }, 200),
  );
  app.openapi(routes.mineRoute, async (c) => c.json(await service.mine(deps, viewerOf(c)), 200));
  app.openapi(routes.requestRoute, async (c) =>
    c.json(await service.requestAppointment(deps, viewerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.patientAppointmentsRoute, async (c) =>
    c.json(
      await service.listForPatientChart(deps, viewerOf(c), c.req.valid('param').patientId),
      200,
    ),
  );
  app.openapi(routes.availabilityRoute, async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json(
      await availability.readAvailability(
        deps,
        viewerOf(c),
        c.req.valid('param').specialistId,
        from,
        to,
      ),
      200,
    );
  });
  app.openapi(routes.replaceHoursRoute, async (c) =>
    c.json(
      await availability.replaceWeeklyHours(
        deps,
        viewerOf(c),
        c.req.valid('param').specialistId,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  app.openapi(routes.addExceptionRoute, async (c) =>
    c.json(
      await availability.addException(
        deps,
        viewerOf(c),
        c.req.valid('param').specialistId,
        c.req.valid('json'),
      ),
      201,
    ),
  );
  app.openapi(routes.deleteExceptionRoute, async (c) => {
    const { specialistId, exceptionId } = c.req.valid('param');
    await availability.removeException(deps, viewerOf(c), specialistId, exceptionId);
    return c.body(null, 204);
  });

  app.openapi(routes.listRoute, async (c) =>
    c.json(await service.listForViewer(deps, viewerOf(c), c.req.valid('query')), 200),
  );
  app.openapi(routes.createRoute, async (c) =>
    c.json(await service.bookAppointment(deps, viewerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.seriesPreviewRoute, async (c) =>
    c.json(await series.previewSeries(deps, viewerOf(c), c.req.valid('json')), 200),
  );
  app.openapi(routes.seriesCreateRoute, async (c) =>
    c.json(await series.createSeries(deps, viewerOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.getRoute, async (c) =>
    c.json(await service.readAppointment(deps, viewerOf(c), idOf(c)), 200),
  );
  app.openapi(routes.icsRoute, async (c) => {
    const id = idOf(c);
    const ics = await service.appointmentCalendar(deps, viewerOf(c), id, c.get('lang'));
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="appointment-${id.slice(0, 8)}.ics"`);
    return c.body(ics, 200);
  });
  app.openapi(routes.rescheduleRoute, async (c) =>
    c.json(
      await service.rescheduleAppointment(deps, viewerOf(c), idOf(c), c.req.valid('json')),
      200,
    ),
  );
  app.openapi(routes.deleteRoute, async (c) => {
    await service.deleteAppointment(deps, viewerOf(c), idOf(c));
    return c.body(null, 204);
  });
  app.openapi(routes.transitionRoute, async (c) => {
    const { status, version } = c.req.valid('json');
    return c.json(
      await service.transitionAppointment(deps, viewerOf(c), idOf(c), status, version),
      200,
    );
  });
  app.openapi(routes.cancelRoute, async (c) =>
    c.json(await service.cancelAppointment(deps, viewerOf(c), idOf(c), c.req.valid('json')), 200),
  );
  app.openapi(routes.rebookRoute, async (c) =>
    c.json(await service.rebookAppointment(deps, viewerOf(c), idOf(c), c.req.valid('json')), 201),
  );
}
