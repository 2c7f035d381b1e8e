import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './notifications.routes';
import { listForUser, markRead } from './notifications.service';
import { requestLanguage } from '../../auth/auth';
import { preferencesOf, rememberLanguage, savePreferences } from './preferences.service';

/** A stream ends after this long (the client reconnects, and its session is checked again). */
const STREAM_LIFETIME_MS = 5 * 60_000;
const HEARTBEAT_MS = 15_000;

export function registerNotifications(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // static paths first
  app.openapi(routes.getPreferencesRoute, async (c) =>
    c.json(await preferencesOf(deps.database.db, c.get('session')!.user.id), 200),
  );

  app.openapi(routes.putPreferencesRoute, async (c) =>
    c.json(await savePreferences(deps, c.get('session')!.user.id, c.req.valid('json')), 200),
  );

  app.openapi(routes.markAllNotificationsReadRoute, async (c) => {
    await markRead(deps, c.get('session')!.user.id, null);
    return c.body(null, 204);
  });

  app.openapi(routes.listNotificationsRoute, async (c) =>
    c.json(await listForUser(deps, c.get('session')!.user.id, c.req.valid('query')), 200),
  );

  app.openapi(routes.markNotificationReadRoute, async (c) => {
    await markRead(deps, c.get('session')!.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.eventsRoute, async (c) => {
    const session = c.get('session')!;
    const header = c.req.valid('header')['last-event-id'];
    const lastEventId = header && /^\d{1,15}$/.test(header) ? Number(header) : null;
    const lifetime = Math.max(
      1_000,
      Math.min(STREAM_LIFETIME_MS, session.expiresAt.getTime() - Date.now()),
    );
    // notices outside the app (e-mail) are written in the language the person uses it in
    await rememberLanguage(deps.database.db, session.user.id, requestLanguage(c.req.raw));
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      // a sign-out, revoked session, ban or role change (on any instance) ends the stream at once;
      // watched first, and read once more then, so a change since the request's check is not missed
      const unwatch = deps.sessions.watch(session.sessionId, session.role, () => stream.abort());
      const subscription = await deps.realtime
        .subscribe(session.user.id, lastEventId, async (event) => {
          await stream.writeSSE({
            id: String(event.id),
            event: event.kind,
            data: JSON.stringify(event.data),
          });
        })
        .catch((error: unknown) => {
          unwatch();
          throw error;
        });
      stream.onAbort(() => subscription.close());
      if (stream.aborted) subscription.close();
      // a client the hub gave up on (too slow, or a failed write): cut the connection, so that it
      // reconnects with its Last-Event-ID rather than wait on a stalled write
      void subscription.ended.then((why) => {
        if (why === 'dropped') stream.abort();
      });
      // tells the client it is connected, and how soon to come back after the stream ends
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 1_000 });
      const deadline = Date.now() + lifetime;
      let timer: NodeJS.Timeout | undefined;
      try {
        while (!stream.aborted && !stream.closed && Date.now() < deadline) {
          const wait = Math.min(HEARTBEAT_MS, deadline - Date.now());
          const tick = new Promise<'tick'>((r) => (timer = setTimeout(() => r('tick'), wait)));
          if ((await Promise.race([tick, subscription.ended.then(() => 'end' as const)])) === 'end')
            break;
          await stream.write(': ping\n\n');
        }
      } finally {
        clearTimeout(timer);
        unwatch();
        subscription.close();
      }
    });
  });
}
