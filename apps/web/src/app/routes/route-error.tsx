import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';
import { LoadingScreen } from '../../components/layouts/loading-screen';

// The full error screen is loaded on demand. If even that fails (the network is down, the app was
// replaced by a new version), the error escapes the router and the top-level render-failure screen
// takes over; it is part of the main bundle and always available.
const ApplicationErrorRoute = lazy(() =>
  import('./application-error-route').then((m) => ({ default: m.ApplicationErrorRoute })),
);

/** The root route's error element. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ApplicationErrorRoute error={error} />
    </Suspense>
  );
}
