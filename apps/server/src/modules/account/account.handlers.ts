import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AddressLimiter, limitPerAddress } from '../../http/address-limit';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import {
  ADDRESS_LIMIT,
  ADDRESS_LIMITED_GROUPS,
  endOtherSessionsRoute,
  finishPhoneResetRoute,
  finishPhoneSignUpRoute,
  startPhoneResetRoute,
  startPhoneSignUpRoute,
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
import {
  finishPhoneReset,
  finishPhoneSignUp,
  startPhoneReset,
  startPhoneSignUp,
} from './phone-account.service';

/**
 * The signed-in user as the account services take them: the session, the actor (with its id), and
 * what re-authentication checks (address, assurance level, a factor enrolled). The guard let only
 * signed-in users through to these routes.
 */
function signedIn(c: Context<AppEnv>) {
  const session = c.get('session')!;
  return {
    session,
    actor: { ...actorOf(c), userId: session.user.id },
    current: { email: session.user.email, aal: session.aal, mfaEnrolled: session.mfaEnrolled },
  };
}

export function registerAccount(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  for (const group of ADDRESS_LIMITED_GROUPS) {
    const limit = limitPerAddress(new AddressLimiter(ADDRESS_LIMIT.max, ADDRESS_LIMIT.windowMs));
    for (const route of group) app.on(route.method.toUpperCase(), route.path, limit);
  }
  app.openapi(listSessionsRoute, async (c) => {
    const { session } = signedIn(c);
    return c.json({ items: await listSessions(deps, session.user.id, session.sessionId) }, 200);
  });
  app.openapi(endSessionRoute, async (c) => {
    await endSession(deps, signedIn(c).actor, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(endOtherSessionsRoute, async (c) => {
    const { session, actor } = signedIn(c);
    return c.json({ ended: await endOtherSessions(deps, actor, session.sessionId) }, 200);
  });
  app.openapi(requestEmailChangeRoute, async (c) => {
    const { actor, current } = signedIn(c);
    const input = c.req.valid('json');
    return c.json(await requestEmailChange(deps, actor, current, input, c.req.raw.headers), 200);
  });
  app.openapi(getMyEmailRoute, async (c) =>
    c.json(await myEmail(deps, signedIn(c).session.user.id), 200),
  );
  app.openapi(sendEmailConfirmationRoute, async (c) =>
    c.json(await sendEmailConfirmation(deps, signedIn(c).actor, c.req.raw.headers), 200),
  );

  // accounts made and recovered with a phone number (ADR 0043): public
  app.openapi(startPhoneSignUpRoute, async (c) =>
    c.json(await startPhoneSignUp(deps, actorOf(c), c.req.valid('json'), c.req.raw.headers), 200),
  );
  app.openapi(finishPhoneSignUpRoute, async (c) =>
    c.json(await finishPhoneSignUp(deps, actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(startPhoneResetRoute, async (c) =>
    c.json(await startPhoneReset(deps, actorOf(c), c.req.valid('json'), c.req.raw.headers), 200),
  );
  app.openapi(finishPhoneResetRoute, async (c) =>
    c.json(await finishPhoneReset(deps, actorOf(c), c.req.valid('json')), 200),
  );

  // the phone number (ADR 0041)
  app.openapi(getPhoneRoute, async (c) =>
    c.json(await getPhone(deps, signedIn(c).session.user.id), 200),
  );
  app.openapi(requestPhoneChangeRoute, async (c) => {
    const { actor, current } = signedIn(c);
    const input = c.req.valid('json');
    return c.json(await requestPhoneChange(deps, actor, current, input, c.req.raw.headers), 200);
  });
  app.openapi(verifyPhoneChangeRoute, async (c) => {
    const { actor, current } = signedIn(c);
    return c.json(await verifyPhoneChange(deps, actor, current, c.req.valid('json')), 200);
  });
  app.openapi(removePhoneRoute, async (c) => {
    const { actor, current } = signedIn(c);
    const input = c.req.valid('json');
    return c.json(await removePhone(deps, actor, current, input, c.req.raw.headers), 200);
  });
}
