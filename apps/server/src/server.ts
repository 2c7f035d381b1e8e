/** Boots the whole server: database (migrated), auth, demo data, HTTP. Used by main.ts and the tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { sealAuditChain, startAuditSealer } from './audit/audit';
import { createAuth } from './auth/auth';
import { openDatabase } from './db/client';
import type { Env } from './env';
import type { Deps } from './http/types';
import type { Logger } from './lib/logger';
import { createPageCache } from './http/page-cache';
import { applySecurityHeaders } from './http/security';
import { isSitePage } from './http/site-paths';
import { createWebAppListener } from './http/static';
import { startOutboxWorker, type OutboxRuntime } from './jobs/outbox-worker';
import { startDueReleaser } from './modules/questionnaires/due.service';
import { startReminderScheduler } from './modules/appointments/reminders.service';
import { startWaitlistLapser } from './modules/appointments/waitlist-offers.service';
import { createProviders } from './jobs/providers';
import { createMailer } from './lib/mailer';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';
import { startSessionSignal, type SessionSignal } from './http/session-signal';
import { resolveSecret } from './lib/secret';
import { seedDemoAppointments } from './modules/appointments/appointments.seed';
import { seedDemoMessages } from './modules/messages/messages.seed';
import { seedDemoLayouts } from './modules/dashboard/dashboard.seed';
import { seedDemoWorkshops } from './modules/workshops/workshops.seed';
import { startOfferLapser } from './modules/workshops/workshops.service';
import { seedDemoOutbox } from './modules/outbox/outbox.seed';
import { inviteTokenHash, takeInviteSignUp } from './modules/patients/invitations.service';
import { seedSiteContent } from './modules/site-content/site-content.seed';
import { seedDemoCovers } from './modules/site-content/site-content.demo-covers';
import { seedDemoTasks } from './modules/tasks/tasks.seed';
import { startDueTaskNotices } from './modules/tasks/notices.service';
import { startVerificationSweeper } from './auth/verification-sweep';
import { seedDemoQuestionnaires } from './modules/questionnaires/questionnaires.seed';
import { seedDemoTreatmentPlans } from './modules/treatments/treatments.seed';
import { seedDemoAccounts } from './modules/users/users.seed';

export interface RunningServer {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

export async function startServer(given: Env, logger: Logger): Promise<RunningServer> {
  const secret = resolveSecret(given);
  // every key derived from the secret (link HMACs, address hashes) uses this one, generated and
  // kept in DATA_DIR outside production when BETTER_AUTH_SECRET is not set (lib/secret.ts)
  const env: Env = { ...given, BETTER_AUTH_SECRET: secret };
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let outbox: OutboxRuntime | undefined;
  let realtime: RealtimeHub | undefined;
  let sessions: SessionSignal | undefined;
  try {
    const auth = createAuth(database.db, env, secret, {
      takeInviteSignUp: (token) => takeInviteSignUp(database.db, inviteTokenHash(token)),
      logger,
    });
    // e-mail when SMTP_URL is set; no SMS provider ships enabled
    outbox = startOutboxWorker(database, env, logger, createProviders(createMailer(env)));
    realtime = createRealtimeHub(database, env.DATABASE_URL, logger);
    const pageCache = createPageCache(env.SITE_PAGE_CACHE_MS);
    // looked-up sessions, cleared on every instance after a revocation (ADR 0026)
    sessions = startSessionSignal(
      database,
      env.DATABASE_URL,
      env.SESSION_CACHE_MS,
      logger,
      env.SESSION_ABSOLUTE_HOURS,
    );
    const deps: Deps = { env, logger, database, auth, outbox, realtime, sessions, pageCache };
    if (env.SEED_DEMO) {
      const created = await seedDemoAccounts(deps);
      if (created) logger.info({ created }, 'demo accounts created');
      await seedDemoOutbox(deps);
      const tasks = await seedDemoTasks(deps);
      if (tasks) logger.info({ tasks }, 'demo tasks created');
      // demo patients and a week of visits: not in tests, which make their own
      if (env.NODE_ENV !== 'test') {
        const appointments = await seedDemoAppointments(deps);
        if (appointments) logger.info({ appointments }, 'demo appointments created');
      }
      const site = await seedSiteContent(deps);
      if (site) logger.info({ site }, 'demo site content created');
      // illustrated covers for the demo posts: a few seconds of image work, not in tests
      if (env.NODE_ENV !== 'test') {
        const covers = await seedDemoCovers(deps);
        if (covers) logger.info({ covers }, 'demo post covers created');
      }
      const responses = await seedDemoQuestionnaires(deps);
      if (responses) logger.info({ responses }, 'demo questionnaires created');
      const threads = await seedDemoMessages(deps);
      if (threads) logger.info({ threads }, 'demo message threads created');
      const layouts = await seedDemoLayouts(deps);
      if (layouts) logger.info({ layouts }, 'demo dashboard layouts created');
      const workshops = await seedDemoWorkshops(deps);
      if (workshops) logger.info({ workshops }, 'demo workshops created');
      // after the messages' seed, which gives the demo patient account its record
      if (env.NODE_ENV !== 'test') {
        const plans = await seedDemoTreatmentPlans(deps);
        if (plans) logger.info({ plans }, 'demo treatment plans created');
      }
    }
    // rows left unsealed by a crash are chained before anything else is written
    await sealAuditChain(database.db);
    const sealer = startAuditSealer(
      database.db,
      (error) => logger.error({ err: (error as Error).message }, 'audit sealing failed'),
      env.AUDIT_SEAL_INTERVAL_MS,
    );
    const app = createApp(deps);
    // questionnaires due today are released (task, link, notice) every few minutes, on every instance
    const releaser = startDueReleaser(deps);
    // appointment reminders that are due are queued in the outbox, on every instance (ADR 0021)
    const reminders = startReminderScheduler(deps, env.REMINDER_POLL_MS);
    // tasks coming due are notified to their assignees once, on every instance (ADR 0029)
    const dueTasks = startDueTaskNotices(deps, env.TASK_DUE_POLL_MS);
    // workshop seats offered to the waitlist whose time ran out go to the next person
    const lapser = startOfferLapser(deps);
    // appointment waitlist offers whose time ran out go to the next matching patient (ADR 0032)
    const waitlistLapser = startWaitlistLapser(deps);
    // one-time codes, links, tickets and SMS counters an hour after they ran out (ADR 0043)
    const sweeper = startVerificationSweeper(database.db, logger);
    // the built web app is answered from memory before Hono, and so is a site page rendered in the
    // last SITE_PAGE_CACHE_MS (http/page-cache.ts); other site pages (rendered per request,
    // http/site-pages.ts) and everything else go on to the app
    const webApp = createWebAppListener(env.WEB_DIST);
    const appListener = getRequestListener(app.fetch, { hostname: env.HOST });
    const server: Server = createServer((req, res) => {
      if (isSitePage(req) ? !pageCache.serve(req, res) : !webApp(req, res))
        void appListener(req, res);
    });
    server.listen(env.PORT, env.HOST);
    applySecurityHeaders(server, env.NODE_ENV === 'production');
    let inFlight = 0;
    server.prependListener('request', (_req, res) => {
      inFlight++;
      res.once('close', () => inFlight--);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    let closing: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${port}`,
      deps,
      close: () =>
        (closing ??= (async () => {
          // Stop accepting, let requests in flight finish (up to 10 s), then close the database.
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          // open event streams end now (their clients reconnect elsewhere), not after 10 s
          await realtime?.stop();
          await sessions?.stop();
          server.closeIdleConnections();
          const deadline = Date.now() + 10_000;
          while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          server.closeAllConnections();
          await closed;
          // deliveries in flight finish and are recorded before the database closes
          await releaser.stop();
          await reminders.stop();
          await dueTasks.stop();
          await lapser.stop();
          await waitlistLapser.stop();
          await sweeper.stop();
          await outbox?.stop();
          await sealer.stop();
          await database.close();
        })()),
    };
  } catch (error) {
    await realtime?.stop();
    await sessions?.stop();
    await outbox?.stop();
    await database.close();
    throw error;
  }
}
