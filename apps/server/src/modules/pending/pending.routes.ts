/**
 * Resources of the SPEC §6 matrix whose modules arrive with later issues. Their routes already
 * exist with their permission rule, so the matrix is enforced today; once past the guard they answer
 * 501 "module not yet available" and change nothing. Each later issue replaces its resource here.
 */
import { z } from '@hono/zod-openapi';
import { errorEnvelopeSchema } from '@painlab/shared/errors';
import type { Action, Resource } from '@painlab/shared/permissions';
import { access, defineRoute } from '../../http/access';

export const PENDING_RESOURCES = ['appointments', 'treatments', 'analytics', 'research'] as const satisfies readonly Resource[];

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});
const idParam = z.strictObject({ id: z.string().max(100) });

const SHAPES: { action: Action; method: 'get' | 'post' | 'patch' | 'delete'; withId: boolean }[] = [
  { action: 'view', method: 'get', withId: false },
  { action: 'create', method: 'post', withId: false },
  { action: 'edit', method: 'patch', withId: true },
  { action: 'delete', method: 'delete', withId: true },
];

export const pendingRoutes = PENDING_RESOURCES.flatMap((resource) =>
  SHAPES.map(({ action, method, withId }) =>
    defineRoute({
      method,
      path: withId ? `/api/${resource}/{id}` : `/api/${resource}`,
      access: access.can(resource, action),
      tags: [resource],
      summary: `${action} ${resource} (module not yet available)`,
      ...(withId ? { request: { params: idParam } } : {}),
      responses: {
        401: error('Not signed in'),
        403: error('No permission'),
        501: error('The module is not yet available'),
      },
    }),
  ),
);
