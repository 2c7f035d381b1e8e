import { z } from '@hono/zod-openapi';
import { SITE_LANGS } from '@painlab/shared/site-content';
import {
  REGISTRATION_STATUSES,
  staffRegistrationSchema,
  staffWorkshopSchema,
  WORKSHOP_MARKETS,
  workshopInputSchema,
  workshopRegistrationInputSchema,
} from '@painlab/shared/workshops';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const langQuery = z.enum(SITE_LANGS).optional().openapi({ description: 'es or en' });

const workshopView = named(
  'SiteWorkshop',
  z.object({
    id: z.string(),
    slug: z.string(),
    lang: z.enum(SITE_LANGS),
    fallback: z.boolean(),
    title: z.string(),
    summary: z.string(),
    description: z.string(),
    market: z.enum(WORKSHOP_MARKETS),
    timeZone: z.string(),
    venue: z.string().nullable(),
    address: z.string().nullable(),
    online: z.boolean(),
    onlinePlatform: z.string().nullable(),
    priceCents: z.number().int(),
    currency: z.enum(['EUR', 'USD']),
    capacity: z.number().int(),
    seatsLeft: z.number().int(),
    waitlisted: z.number().int(),
    facilitator: z.string(),
    sessions: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  }),
);

export const listWorkshopsRoute = defineRoute({
  method: 'get',
  path: '/api/site/workshops',
  access: access.public,
  operationId: 'listSiteWorkshops',
  tags: ['workshops'],
  summary: 'Upcoming published workshops of a market (es: /taller, us: /taller-USA)',
  description:
    'Public. Published workshops whose sessions have not all ended, soonest first, with the seats left. The online link is not public: it is sent with the confirmation.',
  request: { query: z.strictObject({ market: z.enum(WORKSHOP_MARKETS), lang: langQuery }) },
  responses: {
    200: jsonResponse(
      'Workshops',
      named('SiteWorkshopList', z.object({ items: z.array(workshopView) })),
    ),
  },
});

const registerResult = named(
  'WorkshopRegistrationResult',
  z.object({
    outcome: z.enum(['confirmed', 'waitlisted']),
    position: z.number().int().nullable(),
  }),
);

export const registerRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/register',
  access: access.public,
  operationId: 'registerForWorkshop',
  tags: ['workshops'],
  summary: 'Register for a workshop (one registration covers every session)',
  description:
    'A seat when one is free (the confirmation e-mail carries the calendar file and a cancellation link); otherwise a place on the waitlist, in arrival order. The workshop row is locked while counting, so two requests for the last seat never both get it. 409 `already_registered` for an address already registered or waiting; 409 `workshop_closed` once the first session started; at most 5 registrations and 20 attempts (refused ones included) per address an hour (429). A filled-in honeypot is answered 202 and stores nothing.',
  request: jsonBody(named('WorkshopRegistrationInput', workshopRegistrationInputSchema)),
  responses: {
    201: jsonResponse('Registered or waitlisted', registerResult),
    202: jsonResponse(
      'Ignored (honeypot)',
      named('WorkshopIgnored', z.object({ ok: z.literal(true) })),
    ),
  },
});

const registerForm = z
  .object({
    workshopId: z.string().max(100).optional(),
    name: z.string().max(10_000).optional(),
    email: z.string().max(10_000).optional(),
    consent: z.string().max(10).optional(),
    website: z.string().max(10_000).optional(),
    lang: z.enum(SITE_LANGS).optional(),
    from: z.string().max(40).optional(),
  })
  .openapi('WorkshopRegistrationForm');

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

export const registerFormRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/register-form',
  access: access.public,
  operationId: 'registerForWorkshopForm',
  tags: ['workshops'],
  summary: 'The registration form when JavaScript is off',
  description:
    'The same checks and locks as `POST /api/site/workshops/register`, form-encoded. Success: 303 to `/taller/inscripcion` with the outcome. Refusal: the workshop page again with the errors and what was typed.',
  request: {
    body: {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: registerForm } },
    },
  },
  responses: {
    303: { description: 'Registered: to the result page' },
    400: html('The workshop page with the errors'),
    409: html('The workshop page: already registered, or closed'),
    429: html('The workshop page, asking to wait'),
  },
});

const tokenInput = named(
  'WorkshopLinkInput',
  z.strictObject({ token: z.string().max(200), lang: z.enum(SITE_LANGS).optional() }),
);
const linkResult = named(
  'WorkshopLinkResult',
  z.object({ state: z.enum(['done']), title: z.string().nullable() }),
);
const LINK_ERRORS =
  'An unknown or altered token is 404 `workshop_link_invalid`; a link used already is 410 `workshop_link_used`; one past its time 410 `workshop_link_expired`.';

export const cancelRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/cancel',
  access: access.public,
  operationId: 'cancelWorkshopRegistration',
  tags: ['workshops'],
  summary: "Cancel a registration with the cancellation link's token",
  description: `Public: the token of the e-mail's cancellation link (a cancel link cancels, nothing else). A seat freed goes to the first waitlisted person, who is e-mailed a time-limited link. Cancelling is possible until the first session starts. ${LINK_ERRORS}`,
  request: jsonBody(tokenInput),
  errors: {
    429: 'Too many link requests from this address (`rate_limited`, RATE_LIMIT_LINKS_MAX a window)',
  },
  responses: { 200: jsonResponse('Cancelled', linkResult) },
});

export const confirmRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/confirm',
  access: access.public,
  operationId: 'confirmWorkshopOffer',
  tags: ['workshops'],
  summary: 'Confirm a seat offered to a waitlisted person',
  description: `Public: the token of the offer e-mail's link, valid until the offer lapses (then the seat goes to the next person). ${LINK_ERRORS}`,
  request: jsonBody(tokenInput),
  errors: {
    429: 'Too many link requests from this address (`rate_limited`, RATE_LIMIT_LINKS_MAX a window)',
  },
  responses: { 200: jsonResponse('Confirmed', linkResult) },
});

const linkForm = z
  .object({ t: z.string().max(200).optional(), lang: z.enum(SITE_LANGS).optional() })
  .openapi('WorkshopLinkForm');
const formBody = {
  body: {
    required: true,
    content: { 'application/x-www-form-urlencoded': { schema: linkForm } },
  },
};

export const cancelFormRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/cancel-form',
  access: access.public,
  operationId: 'cancelWorkshopRegistrationForm',
  tags: ['workshops'],
  summary: "The cancellation page's button (a form post; the page itself changes nothing)",
  description: 'As `POST /api/site/workshops/cancel`; answers the result page (HTML).',
  request: formBody,
  responses: {
    200: html('The result page'),
    404: html('Invalid link'),
    410: html('Used or expired'),
  },
});

export const confirmFormRoute = defineRoute({
  method: 'post',
  path: '/api/site/workshops/confirm-form',
  access: access.public,
  operationId: 'confirmWorkshopOfferForm',
  tags: ['workshops'],
  summary: "The offer page's button (a form post; the page itself changes nothing)",
  description: 'As `POST /api/site/workshops/confirm`; answers the result page (HTML).',
  request: formBody,
  responses: {
    200: html('The result page'),
    404: html('Invalid link'),
    410: html('Used or lapsed'),
  },
});

// ---- staff (administrators: the registrations hold names and addresses of the public) ----

const adminOnly = access.can('users', 'edit');
const idParam = z.strictObject({ id: z.uuid() });
const staffWorkshop = named('StaffWorkshop', staffWorkshopSchema);
const staffRegistration = named('StaffWorkshopRegistration', staffRegistrationSchema);
const workshopInput = named('WorkshopInput', workshopInputSchema);

export const staffListRoute = defineRoute({
  method: 'get',
  path: '/api/admin/workshops',
  access: adminOnly,
  operationId: 'listStaffWorkshops',
  tags: ['workshops'],
  summary: 'Every workshop with its sessions and seat counts (administrators)',
  responses: {
    200: jsonResponse(
      'Workshops',
      named('StaffWorkshopList', z.object({ items: z.array(staffWorkshop) })),
    ),
  },
});

export const staffCreateRoute = defineRoute({
  method: 'post',
  path: '/api/admin/workshops',
  access: adminOnly,
  operationId: 'createWorkshop',
  tags: ['workshops'],
  summary: 'Create a workshop with its sessions (administrators)',
  description: 'Spanish always; English all-or-nothing. A place or an online link. Audited.',
  request: jsonBody(workshopInput),
  responses: { 201: jsonResponse('Created', staffWorkshop) },
});

export const staffUpdateRoute = defineRoute({
  method: 'put',
  path: '/api/admin/workshops/{id}',
  access: adminOnly,
  operationId: 'updateWorkshop',
  tags: ['workshops'],
  summary: 'Edit a workshop and replace its sessions (administrators)',
  description:
    'The capacity cannot drop below the seats held (409 `capacity_below_taken`); added seats are offered to the waitlist at once. Audited.',
  request: { params: idParam, ...jsonBody(workshopInput) },
  responses: { 200: jsonResponse('Saved', staffWorkshop) },
});

export const staffRegistrationsRoute = defineRoute({
  method: 'get',
  path: '/api/admin/workshops/{id}/registrations',
  access: adminOnly,
  operationId: 'listWorkshopRegistrations',
  tags: ['workshops'],
  summary: 'Registrations and the waitlist of a workshop, in arrival order (administrators)',
  description: 'Each read is audited.',
  request: { params: idParam },
  responses: {
    200: jsonResponse(
      'Registrations',
      named(
        'StaffWorkshopRegistrationList',
        z.object({ workshop: staffWorkshop, items: z.array(staffRegistration) }),
      ),
    ),
  },
});

export const staffCancelRoute = defineRoute({
  method: 'post',
  path: '/api/admin/workshops/{id}/registrations/{registrationId}/cancel',
  access: adminOnly,
  operationId: 'cancelWorkshopRegistrationByStaff',
  tags: ['workshops'],
  summary: 'Cancel a registration (administrators); a freed seat goes to the waitlist',
  description: `Audited. A registration already cancelled or lapsed is 409. Statuses: ${REGISTRATION_STATUSES.join(', ')}.`,
  request: {
    params: z.strictObject({ id: z.uuid(), registrationId: z.uuid() }),
    ...jsonBody(named('StaffWorkshopCancel', z.strictObject({}))),
  },
  responses: { 200: jsonResponse('Cancelled', staffRegistration) },
});

export const staffExportRoute = defineRoute({
  method: 'get',
  path: '/api/admin/workshops/{id}/export',
  access: adminOnly,
  operationId: 'exportWorkshopRegistrations',
  tags: ['workshops'],
  summary: 'The registrations of a workshop as CSV (administrators)',
  description:
    'UTF-8 with a byte-order mark; cells that would start a formula are neutralised. Audited.',
  request: { params: idParam },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
});
