import {
  createUserSchema,
  updateUserSchema,
  userIdParamSchema,
  userListQuerySchema,
  userListSchema,
  userSummarySchema,
} from '@painlab/shared/users';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

export const listUsersRoute = defineRoute({
  method: 'get',
  path: '/api/users',
  access: access.can('users', 'view'),
  operationId: 'listUsers',
  tags: ['users'],
  summary: 'List accounts, ordered by e-mail (keyset pagination)',
  description:
    'A page of accounts with their roles; pass `nextCursor` back as `cursor` for the next page.',
  request: { query: userListQuerySchema },
  responses: { 200: jsonResponse('A page of accounts', userListSchema) },
});

export const createUserRoute = defineRoute({
  method: 'post',
  path: '/api/users',
  access: access.can('users', 'create'),
  operationId: 'createUser',
  tags: ['users'],
  summary: 'Create an account with a role',
  description: 'An administrator creates an account with an initial password and a role.',
  request: jsonBody(createUserSchema),
  errors: { 409: 'E-mail already in use' },
  responses: { 201: jsonResponse('Created', userSummarySchema) },
});

export const updateUserRoute = defineRoute({
  method: 'patch',
  path: '/api/users/{id}',
  access: access.can('users', 'edit'),
  operationId: 'updateUser',
  tags: ['users'],
  summary: "Change an account's name or role",
  description: 'A role change applies at once to the sessions of that account.',
  request: { params: userIdParamSchema, ...jsonBody(updateUserSchema) },
  errors: { 404: 'No such account', 409: 'An administrator cannot demote themselves' },
  responses: { 200: jsonResponse('Updated', userSummarySchema) },
});

export const deleteUserRoute = defineRoute({
  method: 'delete',
  path: '/api/users/{id}',
  access: access.can('users', 'delete'),
  operationId: 'deleteUser',
  tags: ['users'],
  summary: 'Delete an account and end its sessions',
  description: 'Removes the account and signs it out everywhere.',
  request: { params: userIdParamSchema },
  errors: { 404: 'No such account', 409: 'An administrator cannot delete themselves' },
  responses: { 204: { description: 'Deleted' } },
});

export const resetUserMfaRoute = defineRoute({
  method: 'post',
  path: '/api/users/{id}/mfa-reset',
  access: access.can('users', 'edit'),
  operationId: 'resetUserMfa',
  tags: ['users'],
  summary: "Remove an account's second factors and end its sessions",
  description:
    'For a user who lost their authenticator: removes the TOTP secret, the e-mail code factor and the recovery codes, ends every session of the account on every server instance, and tells the user by e-mail (outbox). Not for your own account. Audited as `users.mfa_reset`.',
  request: { params: userIdParamSchema },
  errors: {
    404: 'No such account',
    409: 'Your own account (`mfa_self_reset_forbidden`), or no factor enrolled (`mfa_not_enrolled`)',
  },
  responses: { 200: jsonResponse('The account, without a second factor', userSummarySchema) },
});
