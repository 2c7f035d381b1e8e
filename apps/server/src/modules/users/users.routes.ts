import { errorEnvelopeSchema } from '@painlab/shared/errors';
import {
  createUserSchema,
  updateUserSchema,
  userIdParamSchema,
  userListQuerySchema,
  userListSchema,
  userSummarySchema,
} from '@painlab/shared/users';
import { access, defineRoute } from '../../http/access';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});
const guarded = { 400: error('Invalid input'), 401: error('Not signed in'), 403: error('No permission') };

export const listUsersRoute = defineRoute({
  method: 'get',
  path: '/api/users',
  access: access.can('users', 'view'),
  tags: ['users'],
  summary: 'List accounts, ordered by e-mail (keyset pagination)',
  request: { query: userListQuerySchema },
  responses: {
    200: { description: 'A page of accounts', content: { 'application/json': { schema: userListSchema } } },
    ...guarded,
  },
});

export const createUserRoute = defineRoute({
  method: 'post',
  path: '/api/users',
  access: access.can('users', 'create'),
  tags: ['users'],
  summary: 'Create an account with a role',
  request: { body: { required: true, content: { 'application/json': { schema: createUserSchema } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: userSummarySchema } } },
    409: error('E-mail already in use'),
    ...guarded,
  },
});

export const updateUserRoute = defineRoute({
  method: 'patch',
  path: '/api/users/{id}',
  access: access.can('users', 'edit'),
  tags: ['users'],
  summary: "Change an account's name or role",
  request: {
    params: userIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: updateUserSchema } } },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: userSummarySchema } } },
    404: error('No such account'),
    409: error('An administrator cannot demote themselves'),
    ...guarded,
  },
});

export const deleteUserRoute = defineRoute({
  method: 'delete',
  path: '/api/users/{id}',
  access: access.can('users', 'delete'),
  tags: ['users'],
  summary: 'Delete an account and end its sessions',
  request: { params: userIdParamSchema },
  responses: {
    204: { description: 'Deleted' },
    404: error('No such account'),
    409: error('An administrator cannot delete themselves'),
    ...guarded,
  },
});
