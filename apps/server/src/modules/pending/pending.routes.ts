/**
 * Resources of the SPEC §6 matrix whose modules arrive with later issues. Their routes already
 * exist with their permission rule, so the matrix is enforced today; once past the guard they answer
 * 501 "module not yet available" and change nothing. Each later issue replaces its resource here.
 */
import { z } from '@hono/zod-openapi';
import type { Action, Resource } from '@painlab/shared/permissions';
import { access } from '../../http/access';
import { defineRoute, errorResponse } from '../../http/openapi';

export const PENDING_RESOURCES = ['analytics', 'research'] as const satisfies readonly Resource[];

const idParam = z.strictObject({ id: z.string().max(100) });

const SHAPES: {
  action: Action;
  verb: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  withId: boolean;
}[] = [
  { action: 'view', verb: 'list', method: 'get', withId: false },
  { action: 'create', verb: 'create', method: 'post', withId: false },
  { action: 'edit', verb: 'update', method: 'patch', withId: true },
  { action: 'delete', verb: 'delete', method: 'delete', withId: true },
];

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const pendingRoutes = PENDING_RESOURCES.flatMap((resource) =>
  SHAPES.map(({ action, verb, method, withId }) =>
    defineRoute({
      method,
      path: withId ? `/api/${resource}/{id}` : `/api/${resource}`,
      access: access.can(resource, action),
      operationId: `${verb}${pascal(resource)}`,
      tags: [resource],
      summary: `${pascal(action)} ${resource} (module not yet available)`,
      description: `Checks the \`${resource}\` \`${action}\` permission, then answers 501: the module arrives with a later release.`,
      ...(withId ? { request: { params: idParam } } : {}),
      responses: { 501: errorResponse('The module is not yet available') },
    }),
  ),
);
