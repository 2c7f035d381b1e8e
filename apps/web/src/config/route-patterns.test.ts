import { WEB_ROUTE_PATTERNS } from '@painlab/shared/routes';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from './routes';

describe('route patterns shared with the server', () => {
  // The server answers 404 for paths outside this list (packages/shared/src/routes.ts).
  it('lists exactly the paths of the route table (but the not-found catch-all)', () => {
    const table = new Set(ALL_ROUTES.map((r) => r.path).filter((p) => p !== '*'));
    expect(new Set(WEB_ROUTE_PATTERNS)).toEqual(table);
  });
});
