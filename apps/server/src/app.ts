/**
 * The app factory. Middleware order: request id → language and client address → request log →
 * (API) body limit, session, access guard → routes. Security and no-store headers are set on the
 * Node response in server.ts (http/security.ts), which also answers the web app's own requests
 * before they reach this app (http/static.ts).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { pickLang } from '@painlab/shared/errors';
import type { Role } from '@painlab/shared/permissions';
import { mountAuth } from './auth/auth.routes';
import { guardMiddleware } from './http/access';
import { resolveClientIp } from './http/client-ip';
import { trustedOriginsOf } from './env';
import { createErrorHandler, errorBody, validationHook } from './http/errors';
import { limitBody } from './http/body-limit';
import { mountOpenApiDocument } from './http/openapi';
import { originCheck } from './http/origin-check';
import { requestLog } from './http/request-log';
import { textGuard } from './http/text-guard';
import { sessionMiddleware } from './http/session';
import { registerSitePages } from './http/site-pages';
import type { AppEnv, Deps } from './http/types';
import { registerAppointments } from './modules/appointments/appointments.handlers';
import { patientOfAppointment } from './modules/appointments/appointments.service';
import {
  patientOfWaitlistEntry,
  patientOfWaitlistOffer,
} from './modules/appointments/waitlist.service';
import { registerAuditLogs } from './modules/audit-logs/audit-logs.handlers';
import { registerMe } from './modules/me/me.handlers';
import { registerMfa } from './modules/mfa/mfa.handlers';
import { mfaRuleFor } from './modules/mfa/mfa.service';
import { registerMessages } from './modules/messages/messages.handlers';
import { registerNotifications } from './modules/notifications/notifications.handlers';
import { registerDashboard } from './modules/dashboard/dashboard.handlers';
import { registerOutbox } from './modules/outbox/outbox.handlers';
import { registerPatients } from './modules/patients/patients.handlers';
import { registerPending } from './modules/pending/pending.handlers';
import { registerSiteEditor } from './modules/site-content/editor.handlers';
import { registerSiteContent } from './modules/site-content/site-content.handlers';
import { registerWorkshops } from './modules/workshops/workshops.handlers';
import { registerQuestionnaires } from './modules/questionnaires/questionnaires.handlers';
import { registerSystem } from './modules/system/system.handlers';
import { registerTasks } from './modules/tasks/tasks.handlers';
import { registerTreatments } from './modules/treatments/treatments.handlers';
import { patientOfPlan } from './modules/treatments/treatments.service';
import { registerAccount } from './modules/account/account.handlers';
import { registerTelemetry } from './modules/telemetry/telemetry.handlers';
import { registerUsers } from './modules/users/users.handlers';

export const API_BODY_LIMIT = 1024 * 1024;

/** Answers that change nothing: bad input, unauthenticated, forbidden, unknown, too large, wrong content type, too many. */
/**
 * Auth writes that change no existing session (a new one is not in any cache): they answer 200 to
 * anyone, so clearing the caches of every instance after them would let anybody empty them at will.
 */
const CHANGES_NO_SESSION = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/two-factor/send-otp',
  '/api/auth/email-otp/send-verification-otp',
  '/api/auth/sign-in/magic-link',
  // phone accounts (ADR 0043): only the reset's confirmation changes sessions
  '/api/account/sign-up/phone',
  '/api/account/sign-up/phone/verify',
  '/api/account/password-reset/phone',
]);
const REFUSALS = new Set([400, 401, 403, 404, 413, 415, 429]);

export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const trustedProxies = deps.env.TRUSTED_PROXIES.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const session = sessionMiddleware(deps);
  // whether a role requires a second factor (ADR 0025): the guard and the access-token route ask
  const mfaRule = (role: Role) => mfaRuleFor(deps, role);

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('lang', pickLang(c.req.header('accept-language')));
    c.set('clientIp', resolveClientIp(c, trustedProxies));
    await next();
  });
  app.use('*', requestLog(deps.logger));
  app.use('/api/*', originCheck(trustedOriginsOf(deps.env)));
  // better-auth reads its own session; everything else gets c.var.session here (before any body
  // is read, so that only a signed-in person can send the larger bodies below)
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/auth/') ? next() : session(c, next)));
  const apiBodyLimit = limitBody(API_BODY_LIMIT);
  // Only requests that carry a body: reading `raw.body` turns the server's lightweight request
  // into a full fetch Request, which costs more than the whole route on a GET.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.get('session') &&
      (c.req.path === '/api/patients/import' ||
        /^\/api\/messages\/threads\/[^/]+\/attachments$/.test(c.req.path) ||
        /^\/api\/site-editor\/(?:specialists\/[^/]+\/photo|posts\/[^/]+\/(?:cover|images))$/.test(
          c.req.path,
        )))
      ? next() // the import, attachment and image routes have their own, larger limits
      : apiBodyLimit(c, next),
  );
  app.use('/api/*', textGuard());
  // Sign-out, revoked sessions, bans, role changes, password resets, deleted users: the cached
  // sessions are dropped after any successful write that can change who is signed in or as what,
  // here and on every other instance (http/session-signal.ts, ADR 0026). A lookup racing the write
  // is not cached (the cache's generation), so no clear is needed before.
  app.use('/api/*', async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    // the one GET that changes an account: the link that confirms a new sign-in e-mail (only a
    // change made, not a refusal or a redirect to sign in, clears the cache)
    if (method === 'GET' && path === '/api/auth/verify-email') {
      await next();
      if (c.res.headers.get('location')?.endsWith('email=changed')) await deps.sessions.changed();
      return;
    }
    // and the sign-in link: its first use on an account whose address was never proven ends that
    // account's other sessions (ADR 0040); a refusal redirects to /login?error=…
    if (method === 'GET' && path === '/api/auth/magic-link/verify') {
      await next();
      const location = c.res.headers.get('location');
      if (location && !new URL(location, 'http://painlab.invalid').searchParams.has('error'))
        await deps.sessions.changed();
      return;
    }
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (
      (!path.startsWith('/api/auth/') &&
        !path.startsWith('/api/account/') &&
        path !== '/api/users' &&
        !path.startsWith('/api/users/')) ||
      CHANGES_NO_SESSION.has(path)
    )
      return next();
    try {
      await next();
    } finally {
      // refused requests changed nothing (and must not let anyone empty the cache at will)
      if (!REFUSALS.has(c.res.status)) await deps.sessions.changed();
    }
  });
  // a refusal on a route that names a record, not the patient, is audited with the record's patient
  app.use(
    '/api/*',
    guardMiddleware(
      deps,
      {
        '/api/appointments/:id': (id) => patientOfAppointment(deps, id),
        '/api/appointments/waitlist/:id': (id) => patientOfWaitlistEntry(deps, id),
        '/api/appointments/waitlist/offers/:id': (id) => patientOfWaitlistOffer(deps, id),
        '/api/treatments/:id': (id) => patientOfPlan(deps, id),
      },
      mfaRule,
    ),
  );

  mountAuth(app, deps, mfaRule);
  registerSystem(app, deps);
  registerMe(app, deps);
  registerAccount(app, deps);
  registerMfa(app, deps);
  registerTelemetry(app, deps);
  registerUsers(app, deps);
  registerAuditLogs(app, deps);
  registerOutbox(app, deps);
  registerPatients(app, deps);
  registerTasks(app, deps);
  registerAppointments(app, deps);
  registerSiteContent(app, deps);
  registerSiteEditor(app, deps);
  registerQuestionnaires(app, deps);
  registerMessages(app, deps);
  registerNotifications(app, deps);
  registerDashboard(app, deps);
  registerWorkshops(app, deps);
  registerTreatments(app, deps);
  registerPending(app);
  registerSitePages(app, deps);

  mountOpenApiDocument(app, deps);

  app.notFound((c) => c.json(errorBody(c, 'not_found'), 404));
  app.onError(createErrorHandler(deps.logger));
  return app;
}
