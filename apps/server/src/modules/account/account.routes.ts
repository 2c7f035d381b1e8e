import {
  phoneCodeSentSchema,
  phoneResetDoneSchema,
  phoneResetRequestSchema,
  phoneResetSchema,
  phoneSignUpDoneSchema,
  phoneSignUpSchema,
  phoneTicketCodeSchema,
  accountPhoneSchema,
  phoneChangeResultSchema,
  phoneChangeSchema,
  phoneRemoveSchema,
  phoneVerifySchema,
  accountSessionIdParamSchema,
  accountSessionListSchema,
  emailChangeResultSchema,
  emailChangeSchema,
  emailConfirmationResultSchema,
  endOtherSessionsSchema,
  myEmailSchema,
} from '@painlab/shared/account';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

export const listSessionsRoute = defineRoute({
  method: 'get',
  path: '/api/account/sessions',
  access: access.authenticated,
  operationId: 'listMySessions',
  tags: ['auth'],
  summary: "The signed-in user's sessions (devices)",
  description:
    'Every unexpired session of the signed-in user, most recently used first: device (browser, system, type, from its User-Agent), address, when it began, was last used and ends. `current` marks the session of this request. Session tokens are never returned.',
  responses: { 200: jsonResponse('The sessions', accountSessionListSchema) },
});

export const endSessionRoute = defineRoute({
  method: 'delete',
  path: '/api/account/sessions/{id}',
  access: access.authenticated,
  operationId: 'endMySession',
  tags: ['auth'],
  summary: 'End one of your sessions',
  description:
    'Signs that device out at once (also on other server instances: the session cache is cleared). An id that is not one of your sessions is a 404. Audited.',
  request: { params: accountSessionIdParamSchema },
  errors: { 404: 'Not one of your sessions' },
  responses: { 204: { description: 'Ended' } },
});

export const endOtherSessionsRoute = defineRoute({
  method: 'post',
  path: '/api/account/sessions/end-others',
  access: access.authenticated,
  operationId: 'endMyOtherSessions',
  tags: ['auth'],
  summary: 'End every session but this one',
  description: 'Signs every other device out. Audited with the number of sessions ended.',
  responses: { 200: jsonResponse('How many sessions were ended', endOtherSessionsSchema) },
});

export const requestEmailChangeRoute = defineRoute({
  method: 'post',
  path: '/api/account/email',
  access: access.authenticated,
  operationId: 'requestMyEmailChange',
  tags: ['auth'],
  summary: 'Ask to change your sign-in e-mail address (current password required)',
  description:
    'Checks the current password (400 `wrong_password` on `password`, audited; at most 10 tries per address in 15 minutes), then sends a link to the new address (valid 60 minutes) and tells the current address that a change was asked for. Nothing changes until the link is opened in a browser signed in to this account. The same answer whether or not the new address belongs to another account (no link is sent then). `POST /api/auth/change-email` itself is refused (403 `REAUTHENTICATION_REQUIRED`).',
  request: jsonBody(emailChangeSchema),
  errors: { 429: 'Too many tries from this address (`rate_limited`)' },
  responses: { 200: jsonResponse('The link was sent', emailChangeResultSchema) },
});

export const getMyEmailRoute = defineRoute({
  method: 'get',
  path: '/api/account/email',
  access: access.authenticated,
  operationId: 'getMyEmail',
  tags: ['auth'],
  summary: 'Your sign-in e-mail address and whether it is confirmed',
  responses: { 200: jsonResponse('The address', myEmailSchema) },
});

export const sendEmailConfirmationRoute = defineRoute({
  method: 'post',
  path: '/api/account/email/confirmation',
  access: access.authenticated,
  operationId: 'sendMyEmailConfirmation',
  tags: ['auth'],
  summary: 'Send the link that confirms your sign-in e-mail address again',
  description:
    'The link (valid 60 minutes) confirms the address when opened in a browser signed in to this account. At most one message a minute; 409 `email_already_confirmed` once it is confirmed. Sign-up sends the first link. Audited.',
  errors: {
    409: 'Already confirmed (`email_already_confirmed`)',
    429: 'Too many tries from this address (`rate_limited`)',
  },
  responses: { 200: jsonResponse('The link was sent', emailConfirmationResultSchema) },
});

// The account's phone number (ADR 0041)

export const getPhoneRoute = defineRoute({
  method: 'get',
  path: '/api/account/phone',
  access: access.authenticated,
  operationId: 'getMyPhone',
  tags: ['auth'],
  summary: "The signed-in user's phone number",
  description:
    'The verified phone number (E.164) of the account, or null. Only verified numbers are ever stored.',
  responses: { 200: jsonResponse('The phone number', accountPhoneSchema) },
});

export const requestPhoneChangeRoute = defineRoute({
  method: 'post',
  path: '/api/account/phone',
  access: access.authenticated,
  operationId: 'requestMyPhoneChange',
  tags: ['auth'],
  summary: 'Add or change your phone number (current password required): a code goes to it by SMS',
  description:
    'Checks the current password (400 `wrong_password` on `password`, audited; wrong passwords count against the account like at sign-in) and, once the user has a second factor, an aal2 session (403 `mfa_required`). Then sends a 6-digit code by SMS to the number (E.164; spaces, dots, dashes and brackets are dropped), valid 5 minutes, 3 tries; nothing changes until `POST /api/account/phone/verify`. The same answer when the number belongs to another account (no SMS is sent then). At most one code per number per minute (429 `rate_limited` with `Retry-After`); at most 10 tries per address in 15 minutes. Without an SMS provider the message waits in the outbox (`/admin/outbox`).',
  request: jsonBody(phoneChangeSchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: { 200: jsonResponse('The code was sent', phoneChangeResultSchema) },
});

export const verifyPhoneChangeRoute = defineRoute({
  method: 'post',
  path: '/api/account/phone/verify',
  access: access.authenticated,
  operationId: 'verifyMyPhoneChange',
  tags: ['auth'],
  summary: 'Confirm the new phone number with the code it received',
  description:
    'Sets the number on the account (verified) when the code is right, single use, for the number this account asked for with its password. Refusals on `code`: `invalid_code`, `code_expired` (or never asked for), `too_many_attempts`; on `phoneNumber`: `phone_taken` (another account confirmed it meanwhile). Audited.',
  request: jsonBody(phoneVerifySchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: { 200: jsonResponse('The number is set', accountPhoneSchema) },
});

export const removePhoneRoute = defineRoute({
  method: 'post',
  path: '/api/account/phone/remove',
  access: access.authenticated,
  operationId: 'removeMyPhone',
  tags: ['auth'],
  summary: 'Remove your phone number (current password required)',
  description:
    'Checks the current password (and aal2 once the user has a second factor), then removes the number: no more phone sign-in, and second-factor codes go by e-mail. Audited.',
  request: jsonBody(phoneRemoveSchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: { 200: jsonResponse('The number is removed', accountPhoneSchema) },
});

// accounts made and recovered with a phone number (ADR 0043): public, one limit per address

export const startPhoneSignUpRoute = defineRoute({
  method: 'post',
  path: '/api/account/sign-up/phone',
  access: access.public,
  operationId: 'startPhoneSignUp',
  tags: ['auth'],
  summary: 'Sign up with a phone number and a password: a code goes to the number by SMS',
  description:
    'Public; refused with 403 `registration_closed` while registration is closed. Checks the name and the password (length and the sign-up rules: `password_too_common`, `password_too_simple`, `password_contains_personal_info` on `password`), then sends a 6-digit code by SMS (5 minutes, 3 tries) and answers a `ticket` that only this browser holds; nothing is created until `POST /api/account/sign-up/phone/verify`. A number that already has an account gets the same answer (no code; its owner is told by SMS, at most once an hour). At most one code per number per minute (429 `rate_limited`, also for a number with an account); 10 tries per address in 15 minutes. Audited without the number.',
  request: jsonBody(phoneSignUpSchema),
  errors: {
    403: 'Registration is closed (`registration_closed`)',
    429: 'Too many tries (`rate_limited`)',
  },
  responses: { 200: jsonResponse('The code was sent', phoneCodeSentSchema) },
});

export const finishPhoneSignUpRoute = defineRoute({
  method: 'post',
  path: '/api/account/sign-up/phone/verify',
  access: access.public,
  operationId: 'finishPhoneSignUp',
  tags: ['auth'],
  summary: 'Finish a phone sign-up with the code: the account is made (then sign in)',
  description:
    'The `ticket` of step 1 and the code from the SMS make a patient account with the number verified and no e-mail address yet (it can be added in /settings). No session is opened: sign in next with `POST /api/auth/sign-in/phone-number`. Refusals on `code`: `invalid_code`, `code_expired` (or an unknown ticket), `too_many_attempts`; on `phoneNumber`: `phone_taken`. Audited.',
  request: jsonBody(phoneTicketCodeSchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: { 201: jsonResponse('The account was made', phoneSignUpDoneSchema) },
});

export const startPhoneResetRoute = defineRoute({
  method: 'post',
  path: '/api/account/password-reset/phone',
  access: access.public,
  operationId: 'startPhonePasswordReset',
  tags: ['auth'],
  summary: 'Recover a password by SMS: a code goes to the account’s verified number',
  description:
    'Public. The same answer (with a `ticket`) for every number; a code is sent only to a verified number of an account that is not banned and has no second factor (those reset by e-mail, or ask the clinic: with the second factor on the same phone, the SIM alone would be enough). At most one code per number per minute (429 `rate_limited`); 10 tries per address in 15 minutes. Audited without the number.',
  request: jsonBody(phoneResetRequestSchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: { 200: jsonResponse('The code was sent', phoneCodeSentSchema) },
});

export const finishPhoneResetRoute = defineRoute({
  method: 'post',
  path: '/api/account/password-reset/phone/confirm',
  access: access.public,
  operationId: 'finishPhonePasswordReset',
  tags: ['auth'],
  summary: 'Set a new password with the code from the SMS; every session ends',
  description:
    'The `ticket` of step 1, the code and the new password (sign-up rules on `newPassword`, checked before the code is used up). Replaces the password, ends every session of the account (on every server instance) and clears its sign-in lock. No session is opened. Refusals on `code`: `invalid_code`, `code_expired`, `too_many_attempts`. Audited.',
  request: jsonBody(phoneResetSchema),
  errors: { 429: 'Too many tries (`rate_limited`)' },
  responses: {
    200: jsonResponse('The password was replaced', phoneResetDoneSchema),
  },
});

/**
 * The routes that take at most 10 tries per address in 15 minutes, each group with one counter.
 * The handlers make the counters for each server instance (registerAccount), so two servers in
 * one process (tests, several instances) do not share them.
 */
export const ADDRESS_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
export const ADDRESS_LIMITED_GROUPS = [
  [requestEmailChangeRoute],
  [sendEmailConfirmationRoute],
  [requestPhoneChangeRoute, verifyPhoneChangeRoute, removePhoneRoute],
  [startPhoneSignUpRoute, finishPhoneSignUpRoute, startPhoneResetRoute, finishPhoneResetRoute],
] as const;
