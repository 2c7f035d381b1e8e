import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import { limitLinksPerAddress } from '../../http/address-limit';
import type { AppEnv, Deps } from '../../http/types';
import {
  createUserRoute,
  deleteUserRoute,
  listUsersRoute,
  resetUserMfaRoute,
  updateUserRoute,
} from './users.routes';
import { createUser, deleteUser, listUsersAudited, resetMfa, updateUser } from './users.service';
import {
  acceptStaffInviteRoute,
  createStaffInviteRoute,
  listStaffInvitesRoute,
  previewStaffInviteRoute,
  resendStaffInviteRoute,
  revokeStaffInviteRoute,
} from './invitations.routes';
import {
  acceptInvite,
  createInvite,
  listInvites,
  previewInvite,
  resendInvite,
  revokeInvite,
} from './invitations.service';

export function registerUsers(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(listUsersRoute, async (c) => {
    const { after, limit, q, role } = c.req.valid('query');
    return c.json(await listUsersAudited(deps, actorOf(c), after, limit, { q, role }), 200);
  });

  app.openapi(createUserRoute, async (c) =>
    c.json(await createUser(deps, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(updateUserRoute, async (c) =>
    c.json(await updateUser(deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(resetUserMfaRoute, async (c) =>
    c.json(await resetMfa(deps, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(deleteUserRoute, async (c) => {
    await deleteUser(deps, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  // staff invitations (ADR 0031); the fixed paths before the ones with an id
  app.openapi(listStaffInvitesRoute, async (c) => c.json(await listInvites(deps), 200));
  app.openapi(createStaffInviteRoute, async (c) =>
    c.json(await createInvite(deps, actorOf(c), c.req.valid('json')), 201),
  );
  // the invitee's two public routes share one limit per client address, applied first
  const invitationLimit = limitLinksPerAddress(deps.env);
  app.use('/api/staff-invitations/preview', invitationLimit);
  app.use('/api/staff-invitations/accept', invitationLimit);
  app.openapi(previewStaffInviteRoute, async (c) =>
    c.json(await previewInvite(deps, actorOf(c), c.req.valid('json').token), 200),
  );
  app.openapi(acceptStaffInviteRoute, async (c) =>
    c.json(await acceptInvite(deps, actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(revokeStaffInviteRoute, async (c) =>
    c.json(await revokeInvite(deps, actorOf(c), c.req.valid('param').id), 200),
  );
  app.openapi(resendStaffInviteRoute, async (c) =>
    c.json(await resendInvite(deps, actorOf(c), c.req.valid('param').id), 200),
  );
}
