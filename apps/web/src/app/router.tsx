/**
 * The React Router data router, built from the route table in `config/routes.ts`. The public site
 * and /login are site pages of the server (docs/decisions/0012, 0017), which their routes leave
 * for; the remaining public pages are in the main bundle; the signed-in area and registration are
 * lazy route modules.
 *
 * Data-first (issue 8): a screen with a data module (`DATA`) gets a route `loader` that loads that
 * small module beside the screen's code and starts the screen's queries, so the request leaves with
 * the click instead of after the code; `prefetchOnIntent` does the same (code, and data where the
 * module allows it) when a link is hovered, focused or touched.
 */
import type { MeResponse } from '@painlab/shared/auth';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import {
  APP_ROUTES,
  AUTH_ROUTES,
  NOT_FOUND_ROUTE,
  PUBLIC_ROUTES,
  type RouteDef,
  type Screen,
} from '../config/routes';
import { PageLoading } from '../components/layouts/loading-screen';
import { decideAccess } from '../lib/authorization';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { errorContext, logger } from '../lib/logger';
import { queryClient, VIEWER_QUERY_KEY } from '../lib/query-client';
import type { RouteDataArgs, RouteDataModule } from './routes/route-data';
import { LoginRedirect } from './routes/auth/login';
import { SitePageRedirect } from './routes/public/site-page';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

type LazyModule = () => Promise<{ Component: ComponentType }>;

/** Imports once: the route's `lazy` and an intent prefetch share the promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load();
    promise.catch(() => (promise = undefined)); // a failed chunk may be fetched again
    return promise;
  };
}

/**
 * A route module together with the translation namespaces it needs beyond the start-up ones; both
 * are requested at the same moment.
 */
function withTexts(load: LazyModule, namespaces: readonly Namespace[]): LazyModule {
  return once(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  });
}

const SCREENS: Partial<Record<Screen, LazyModule>> = {
  register: withTexts(() => import('./routes/auth/register'), ['portal']),
  'forgot-password': once(() => import('./routes/auth/forgot-password')),
  'reset-password': once(() => import('./routes/auth/reset-password')),
  'staff-invitation': withTexts(() => import('./routes/auth/staff-invitation'), ['users']),
  dashboard: once(() => import('./routes/app/dashboard')),
  settings: withTexts(() => import('./routes/app/settings'), ['notifications']),
  module: once(() => import('./routes/app/module-page')),
  patients: withTexts(() => import('./routes/app/patients/patient-list'), ['patients']),
  'patient-form': withTexts(() => import('./routes/app/patients/patient-form'), ['patients']),
  'patient-chart': withTexts(
    () => import('./routes/app/patients/patient-chart'),
    ['patients', 'record'],
  ),
  'patient-import': withTexts(() => import('./routes/app/patients/patient-import'), ['patients']),
  tasks: withTexts(() => import('./routes/app/tasks/task-list'), ['tasks']),
  messages: withTexts(() => import('./routes/app/messages/messages'), ['messages']),
  notifications: withTexts(
    () => import('./routes/app/notifications/notifications'),
    ['notifications'],
  ),
  'my-record': withTexts(
    () => import('./routes/app/portal/my-record'),
    ['portal', 'patients', 'record'],
  ),
  'my-record-access': withTexts(() => import('./routes/app/portal/my-record-access'), ['portal']),
  outbox: withTexts(() => import('./routes/app/outbox/outbox'), ['outbox']),
  'audit-logs': withTexts(() => import('./routes/app/audit-logs/audit-logs'), ['auditLogs']),
  users: withTexts(() => import('./routes/app/admin/users'), ['users']),
  appointments: withTexts(() => import('./routes/app/appointments/agenda'), ['appointments']),
  'my-appointments': withTexts(
    () => import('./routes/app/appointments/my-appointments'),
    ['appointments'],
  ),
  'contact-messages': withTexts(
    () => import('./routes/app/contact-messages/contact-messages'),
    ['contactMessages'],
  ),
  'workshops-admin': withTexts(() => import('./routes/app/workshops/workshops'), ['workshops']),
  'site-content': withTexts(() => import('./routes/app/site-content/site-content'), ['siteEditor']),
  'questionnaire-fill': withTexts(
    () => import('./routes/app/questionnaires/questionnaire-fill'),
    ['questionnaires'],
  ),
  'questionnaire-link': withTexts(
    () => import('./routes/public/questionnaire-link'),
    ['questionnaires'],
  ),
  'appointment-confirm-link': withTexts(
    () => import('./routes/public/appointment-confirm'),
    ['appointments'],
  ),
  'appointment-cancel-link': withTexts(
    () => import('./routes/public/appointment-cancel'),
    ['appointments'],
  ),
  'waitlist-offer-link': withTexts(
    () => import('./routes/public/waitlist-offer'),
    ['appointments'],
  ),
  availability: withTexts(() => import('./routes/app/appointments/availability'), ['appointments']),
  'no-show-report': withTexts(
    () => import('./routes/app/appointments/no-show-report'),
    ['appointments'],
  ),
  treatments: withTexts(() => import('./routes/app/treatments/treatments'), ['treatments']),
  'my-plan': withTexts(() => import('./routes/app/treatments/my-plan'), ['treatments']),
};

/** Screens whose data can start with their code (`app/routes/route-data.ts`). */
const DATA: Partial<Record<Screen, () => Promise<RouteDataModule>>> = {
  patients: once(() => import('./routes/app/patients/patient-list.data')),
  'patient-chart': once(() => import('./routes/app/patients/patient-chart.data')),
  outbox: once(() => import('./routes/app/outbox/outbox.data')),
  'audit-logs': once(() => import('./routes/app/audit-logs/audit-logs.data')),
  tasks: once(() => import('./routes/app/tasks/task-list.data')),
  settings: once(() => import('./routes/app/settings.data')),
  users: once(() => import('./routes/app/admin/users.data')),
  appointments: once(() => import('./routes/app/appointments/agenda.data')),
  'my-appointments': once(() => import('./routes/app/appointments/my-appointments.data')),
  messages: once(() => import('./routes/app/messages/messages.data')),
  notifications: once(() => import('./routes/app/notifications/notifications.data')),
  dashboard: once(() => import('./routes/app/dashboard.data')),
  treatments: once(() => import('./routes/app/treatments/treatments.data')),
  'my-plan': once(() => import('./routes/app/treatments/my-plan.data')),
};

const viewerModule = once(() => import('../features/auth/api/get-viewer'));

/**
 * Starts `def`'s data if its module exists and the signed-in user may open the route (the viewer as
 * cached, or asked once: a request the guard would refuse is never sent). Never throws: a failure
 * here leaves the screen's own queries to fetch and report.
 */
async function startRouteData(def: RouteDef, args: RouteDataArgs): Promise<void> {
  const load = DATA[def.screen];
  if (!load) return;
  try {
    // The viewer as cached (as `ensureQueryData` would answer) without waiting for its module: a
    // dynamic import resolves only when the browser evaluates it, which may be after the screen's
    // larger graph started beside it (issue 8: the request must not wait for the screen's code).
    const cached = queryClient.getQueryData<MeResponse | null>(VIEWER_QUERY_KEY);
    const [data, me] = await Promise.all([
      load(),
      cached !== undefined
        ? cached
        : viewerModule().then(({ viewerQueryOptions }) =>
            queryClient.ensureQueryData(viewerQueryOptions),
          ),
    ]);
    if (
      !decideAccess(def.access, me ? { role: me.role, permissions: me.permissions } : null).allowed
    )
      return;
    data.prefetch(args);
  } catch (error) {
    logger.warn('Route data did not start', { ...errorContext(error), routeId: def.id });
  }
}

function lazyRoute(def: RouteDef): RouteObject {
  const load = SCREENS[def.screen];
  if (!load) throw new Error(`No lazy module for screen ${def.screen}`);
  const data = DATA[def.screen];
  // The screen's code only after its small data module: both would otherwise be fetched and run
  // side by side, and the data module (the one that sends the request) would wait behind the
  // screen's larger graph on the main thread (issue 8). It is one small chunk, usually loaded
  // already by the press that started the click (`prefetchOnIntent`).
  const lazy = data ? () => data().then(load, load) : load;
  const route: RouteObject = { path: def.path, handle: { routeId: def.id, def }, lazy };
  if (data) {
    // Runs beside `lazy` (React Router loads both at once); it waits for the small data module, not
    // for the data: the screen renders its own loading state if the answer is slower than the code.
    route.loader = async ({ params, request }: LoaderFunctionArgs) => {
      await startRouteData(def, { params, url: new URL(request.url), reason: 'navigate' });
      return null;
    };
  }
  return route;
}

function publicRoute(def: RouteDef): RouteObject {
  if (SCREENS[def.screen]) return lazyRoute(def); // a public screen with its own code (the questionnaire link)
  // the few pages the SPA still draws outside the signed-in area (the workshop pages, not found)
  // load with their shell: no signed-in first load carries them (issue 8)
  const lazy =
    def.screen === 'not-found'
      ? async () => ({
          Component: (await import('./routes/public/not-found')).NotFoundRoute,
        })
      : async () => ({
          Component: (await import('./routes/public/public-page')).PublicPageRoute,
        });
  return { path: def.path, handle: { routeId: def.id }, lazy };
}

/** The public site's pages are the server's (docs/decisions/0017): their routes leave for them. */
const SITE_PAGE_ROUTES = PUBLIC_ROUTES.filter((def) => def.screen === 'site-page');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        lazy: async () => ({
          Component: (await import('./routes/public/public-shell')).PublicShell,
        }),
        children: [
          ...PUBLIC_ROUTES.filter((def) => def.screen !== 'site-page').map(publicRoute),
          publicRoute(NOT_FOUND_ROUTE),
        ],
      },
      ...SITE_PAGE_ROUTES.map((def) => ({
        path: def.path,
        handle: { routeId: def.id },
        element: <SitePageRedirect />,
      })),
      { path: '/especialistas', element: <SitePageRedirect /> },
      // /login is a site page the server renders (docs/decisions/0012): the route leaves for it
      ...AUTH_ROUTES.map((def) =>
        def.screen === 'login'
          ? { path: def.path, handle: { routeId: def.id }, element: <LoginRedirect /> }
          : lazyRoute(def),
      ),
      {
        lazy: () => import('./routes/app/app-layout'),
        children: APP_ROUTES.map(lazyRoute),
      },
    ],
  },
];

/**
 * The matches of a path, kept: React Router compiles a regular expression for every route it tries,
 * on every call (~40 routes before a one-segment path such as /patients), and the same links are
 * hovered and pressed all day. The route table never changes, so a path's matches never do.
 */
const matched = new Map<string, ReturnType<typeof matchRoutes<RouteObject>>>();
const MATCHES_KEPT = 200;
function matchesOf(pathname: string) {
  let found = matched.get(pathname);
  if (found === undefined) {
    found = matchRoutes(routes, pathname);
    if (matched.size >= MATCHES_KEPT) matched.clear();
    matched.set(pathname, found);
  }
  return found ?? [];
}

/** Loads the code of the route at `href` (and its data if `def` allows it on intent). */
export function prefetchRoute(href: string): void {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
  for (const match of matchesOf(url.pathname)) {
    // The data module first: the browser then evaluates its small, zod-free graph before the
    // screen's, and the request leaves without waiting for the screen's code to run.
    const def = (match.route.handle as { def?: RouteDef } | undefined)?.def;
    if (def) void startRouteData(def, { params: match.params, url, reason: 'intent' });
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

/** How long a pointer rests on a link before it counts as an intent (passing over is not one). */
const HOVER_INTENT_MS = 80;

/**
 * Prefetch on intent for every same-origin link of the app (sidebar, dashboard cards, table rows):
 * hover (resting `HOVER_INTENT_MS`), keyboard focus, or the start of a touch or click.
 */
export function prefetchOnIntent(root: Document = document): () => void {
  const done = new Set<string>();
  let timer: number | undefined;
  const linkOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  const go = (link: HTMLAnchorElement | null) => {
    if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
    const key = link.href;
    // Again after a minute at most: the data may have changed.
    if (done.has(key)) return;
    done.add(key);
    window.setTimeout(() => done.delete(key), 60_000);
    prefetchRoute(key);
  };
  const onOver = (event: Event) => {
    const link = linkOf(event.target);
    window.clearTimeout(timer);
    if (link) timer = window.setTimeout(() => go(link), HOVER_INTENT_MS);
  };
  const onNow = (event: Event) => go(linkOf(event.target));
  const options = { passive: true, capture: true };
  root.addEventListener('pointerover', onOver, options);
  root.addEventListener('focusin', onNow, options);
  root.addEventListener('pointerdown', onNow, options);
  return () => {
    window.clearTimeout(timer);
    root.removeEventListener('pointerover', onOver, options);
    root.removeEventListener('focusin', onNow, options);
    root.removeEventListener('pointerdown', onNow, options);
  };
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  prefetchOnIntent();
  return router;
}
