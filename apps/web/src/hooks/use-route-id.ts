import { useMatches } from 'react-router';
import { isRouteId, type RouteId } from '../config/routes';

/** The id (from SPEC §2's table) of the deepest matched route, via the route `handle`. */
export function useRouteId(): RouteId | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { routeId?: unknown } | undefined;
    if (isRouteId(handle?.routeId)) return handle.routeId;
  }
  return undefined;
}
