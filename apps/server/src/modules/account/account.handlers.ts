import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import {
  endOtherSessionsRoute,
  endSessionRoute,
  getMyEmailRoute,
  getPhoneRoute,
  listSessionsRoute,
  removePhoneRoute,
  requestEmailChangeRoute,
  requestPhoneChangeRoute,
  sendEmailConfirmationRoute,
  verifyPhoneChangeRoute,
} from './account.routes';
import {
  endOtherSessions,
  endSession,
  listSessions,
  myEmail,
  requestEmailChange,
  sendEmailConfirmation,
} from './account.service';
import { getPhone, removePhone, requestPhoneChange, verifyPhoneChange } from './phone.service';

export function registerAccount(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(listSessionsRoute, async (c) => {
    const session = c.get('session')!; // the guard let only signed-in users through
    return c.json({ items: await listSessions(deps, session.user.id, session.sessionId) }, 200);
  });
  app.openapi(endSessionRoute, async (c) => {
    const session = c.get('session')!;
    await endSession(deps, { ...actorOf(c), userId: session.user.id }, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(endOtherSessionsRoute, async (c) => {
    const session = c.get('session')!;
    const ended = await endOtherSessions(
      deps,
      { ...actorOf(c), userId: session.user.id },
      session.sessionId,
    );
    return c.json({ ended }, 200);
  });
  app.openapi(requestEmailChangeRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(
      await requestEmailChange(
        deps,
        { ...actorOf(c), userId: session.user.id },
        { email: session.user.email, aal: session.aal, mfaEnrolled: session.mfaEnrolled },
        c.req.valid('json'),
        c.req.raw.headers,
      ),
      200,
    );
  });
  app.openapi(getMyEmailRoute, async (c) =>
    c.json(await myEmail(deps, c.get('session')!.user.id), 200),
  );
  app.openapi(sendEmailConfirmationRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(
      await sendEmailConfirmation(
        deps,
        { ...actorOf(c), userId: session.user.id },
        c.req.raw.headers,
      ),
      200,
    );
  });

  // the phone number (ADR 0041)
  app.openapi(getPhoneRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(await getPhone(deps, session.user.id), 200);
  });
  const ownerOf = (session: NonNullable<AppEnv['Variables']['session']>) => ({
    email: session.user.email,
    aal: session.aal,
    mfaEnrolled: session.mfaEnrolled,
  });
  app.openapi(requestPhoneChangeRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(
      await requestPhoneChange(
        deps,
        { ...actorOf(c), userId: session.user.id },
        ownerOf(session),
        c.req.valid('json'),
        c.req.raw.headers,
      ),
      200,
    );
  });
  app.openapi(verifyPhoneChangeRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(
      await verifyPhoneChange(
        deps,
        { ...actorOf(c), userId: session.user.id },
        ownerOf(session),
        c.req.valid('json'),
      ),
      200,
    );
  });
  app.openapi(removePhoneRoute, async (c) => {
    const session = c.get('session')!;
    return c.json(
      await removePhone(
        deps,
        { ...actorOf(c), userId: session.user.id },
        ownerOf(session),
        c.req.valid('json'),
        c.req.raw.headers,
      ),
      200,
    );
  });
}
