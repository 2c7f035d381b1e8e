import {
  acceptStaffInviteSchema,
  createStaffInviteSchema,
  staffInviteIdParamSchema,
  staffInviteListSchema,
  staffInvitePreviewSchema,
  staffInviteSchema,
  staffInviteTokenSchema,
  userSummarySchema,
} from '@painlab/shared/users';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';
import { LINK_LIMIT_ERROR } from '../../http/address-limit';

export const listStaffInvitesRoute = defineRoute({
  method: 'get',
  path: '/api/staff-invitations',
  access: access.can('users', 'view'),
  operationId: 'listStaffInvitations',
  tags: ['users'],
  summary: 'Staff invitations, newest first, with their status',
  description: 'The last 200 invitations: pending, accepted, expired or revoked (ADR 0031).',
  responses: { 200: jsonResponse('Invitations', staffInviteListSchema) },
});

export const createStaffInviteRoute = defineRoute({
  method: 'post',
  path: '/api/staff-invitations',
  access: access.can('users', 'create'),
  operationId: 'createStaffInvitation',
  tags: ['users'],
  summary: 'Invite a person to the staff with a role',
  description:
    'Queues an e-mail (outbox) with a single-use link valid for 7 days; the token is stored hashed. Works while registration is closed. An earlier open invitation of the same address is revoked. Audited as `users.invite`.',
  request: jsonBody(createStaffInviteSchema),
  errors: { 409: 'An account with this e-mail exists (`email_taken`)' },
  responses: { 201: jsonResponse('Invited', staffInviteSchema) },
});

export const revokeStaffInviteRoute = defineRoute({
  method: 'post',
  path: '/api/staff-invitations/{id}/revoke',
  access: access.can('users', 'edit'),
  operationId: 'revokeStaffInvitation',
  tags: ['users'],
  summary: 'Withdraw a pending invitation',
  description: 'Its link stops working at once. Audited as `users.invite_revoke`.',
  request: { params: staffInviteIdParamSchema },
  errors: { 404: 'No such invitation', 409: 'Not pending (accepted, expired or revoked)' },
  responses: { 200: jsonResponse('Revoked', staffInviteSchema) },
});

export const resendStaffInviteRoute = defineRoute({
  method: 'post',
  path: '/api/staff-invitations/{id}/resend',
  access: access.can('users', 'edit'),
  operationId: 'resendStaffInvitation',
  tags: ['users'],
  summary: 'Send a pending or expired invitation again',
  description:
    'A new link valid for 7 days replaces the old one, which stops working. Audited as `users.invite_resend`.',
  request: { params: staffInviteIdParamSchema },
  errors: {
    404: 'No such invitation',
    409: 'Accepted or revoked (`conflict`), or the address has an account (`email_taken`)',
  },
  responses: { 200: jsonResponse('Sent again', staffInviteSchema) },
});

export const previewStaffInviteRoute = defineRoute({
  method: 'post',
  path: '/api/staff-invitations/preview',
  access: access.public,
  operationId: 'previewStaffInvitation',
  tags: ['users'],
  summary: 'What an invitation link offers (for the invitee)',
  description:
    "The invited e-mail, role and expiry of a usable link. A POST: the token comes from the link's fragment (`/invitation#<token>`) and never travels in a URL. A refused link is audited as `users.invite_preview`.",
  request: jsonBody(staffInviteTokenSchema),
  errors: {
    404: 'Unknown or revoked link (`invitation_invalid`)',
    410: 'Expired (`invitation_expired`) or already accepted (`invitation_used`)',
    429: LINK_LIMIT_ERROR,
  },
  responses: { 200: jsonResponse('The invitation', staffInvitePreviewSchema) },
});

export const acceptStaffInviteRoute = defineRoute({
  method: 'post',
  path: '/api/staff-invitations/accept',
  access: access.public,
  operationId: 'acceptStaffInvitation',
  tags: ['users'],
  summary: 'Accept an invitation: name and password, the invited role',
  description:
    'Creates the account with the invited e-mail (verified) and role; the link is used up. The sign-up password rules apply. The invitee then signs in with `/api/auth/sign-in/email`. Audited as `users.invite_accept` (refusals too).',
  request: jsonBody(acceptStaffInviteSchema),
  errors: {
    404: 'Unknown or revoked link (`invitation_invalid`)',
    409: 'An account with this e-mail exists (`email_taken`)',
    410: 'Expired (`invitation_expired`) or already accepted (`invitation_used`)',
    429: LINK_LIMIT_ERROR,
  },
  responses: { 201: jsonResponse('The new account', userSummarySchema) },
});
