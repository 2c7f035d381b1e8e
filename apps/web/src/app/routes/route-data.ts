/**
 * Data-first navigation (issue 8): what a route's data module exports. The router loads a screen's
 * data module beside its code (a route `loader`, and on intent: hover, focus or touch of a link) and
 * calls `prefetch`, which starts the screen's queries in the shared query client with the same
 * query keys the screen's hooks use; the screen then finds them in flight or done.
 */
import type { Params } from 'react-router';

export type RouteDataArgs = {
  params: Params;
  url: URL;
  /** Why: a navigation (`navigate`) or only an intent (`intent`: the user may never open the page). */
  reason: 'navigate' | 'intent';
};

export type RouteDataModule = { prefetch: (args: RouteDataArgs) => void };
