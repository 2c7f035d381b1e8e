/**
 * The React Router data router, built from the route table in `config/routes.ts`. Public pages are
 * in the main bundle; sign-in and the signed-in area are lazy route modules.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTES, AUTH_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES, type RouteDef, type Screen } from '../config/routes';
import { PageLoading } from '../components/layouts/loading-screen';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { LandingRoute } from './routes/public/landing';
import { NotFoundRoute } from './routes/public/not-found';
import { PublicPageRoute } from './routes/public/public-page';
import { PublicShell } from './routes/public/public-shell';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

type LazyModule = () => Promise<{ Component: ComponentType }>;

/** A route module together with the translation namespaces it needs beyond the start-up ones. */
function withTexts(load: LazyModule, namespaces: readonly Namespace[]): LazyModule {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  };
}

const SCREENS: Partial<Record<Screen, LazyModule>> = {
  login: () => import('./routes/auth/login'),
  register: withTexts(() => import('./routes/auth/register'), ['portal']),
  dashboard: () => import('./routes/app/dashboard'),
  settings: () => import('./routes/app/settings'),
  module: () => import('./routes/app/module-page'),
  patients: withTexts(() => import('./routes/app/patients/patient-list'), ['patients']),
  'patient-form': withTexts(() => import('./routes/app/patients/patient-form'), ['patients']),
  'patient-chart': withTexts(() => import('./routes/app/patients/patient-chart'), ['patients', 'record']),
  'patient-import': withTexts(() => import('./routes/app/patients/patient-import'), ['patients']),
  'my-record': withTexts(() => import('./routes/app/portal/my-record'), ['portal', 'patients', 'record']),
  'my-record-access': withTexts(() => import('./routes/app/portal/my-record-access'), ['portal']),
};

function lazyRoute(def: RouteDef): RouteObject {
  const load = SCREENS[def.screen];
  if (!load) throw new Error(`No lazy module for screen ${def.screen}`);
  return { path: def.path, handle: { routeId: def.id }, lazy: load };
}

function publicRoute(def: RouteDef): RouteObject {
  const element =
    def.screen === 'landing' ? <LandingRoute /> : def.screen === 'not-found' ? <NotFoundRoute /> : <PublicPageRoute />;
  return { path: def.path, handle: { routeId: def.id }, element };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicShell />,
        children: [...PUBLIC_ROUTES.map(publicRoute), publicRoute(NOT_FOUND_ROUTE)],
      },
      ...AUTH_ROUTES.map(lazyRoute),
      {
        lazy: () => import('./routes/app/app-layout'),
        children: APP_ROUTES.map(lazyRoute),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
