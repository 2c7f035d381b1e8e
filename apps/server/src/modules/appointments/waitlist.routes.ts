/** The appointments waitlist: entries, offers answered by the patient, and the offer's public link (ADR 0032). */
import { z } from '@hono/zod-openapi';
import {
  createWaitlistEntrySchema,
  waitlistEntrySchema,
  waitlistLinkInputSchema,
  waitlistLinkViewSchema,
  waitlistListSchema,
  waitlistOfferResultSchema,
} from '@painlab/shared/waitlist';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';
import { LINK_LIMIT_ERROR } from '../../http/address-limit';

const idParam = z.strictObject({ id: z.string().max(100) });

const WHO =
  "Staff with appointments:create manage every patient's entries; a patient only their own, and adds one only when the clinic lets patients book or request online. Researchers hold no appointments permission. Audited with the patient.";

export const listWaitlistRoute = defineRoute({
  method: 'get',
  path: '/api/appointments/waitlist',
  access: access.can('appointments', 'view'),
  operationId: 'listWaitlist',
  tags: ['appointments'],
  summary: 'The live waitlist (staff: everyone, first come first; a patient: their own)',
  description: `${WHO} Each entry carries its open offer, if any. One audit row per entry listed.`,
  responses: { 200: jsonResponse('The waitlist', waitlistListSchema) },
});

export const addWaitlistRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/waitlist',
  access: access.can('appointments', 'view'),
  operationId: 'addToWaitlist',
  tags: ['appointments'],
  summary: 'Put a patient on the waitlist for a specialist (or any) and a type',
  description: `${WHO} One live entry per patient, specialist and type (\`waitlist_duplicate\`).`,
  request: jsonBody(createWaitlistEntrySchema),
  errors: { 409: 'Already on the waitlist for this specialist and type' },
  responses: { 201: jsonResponse('The entry', waitlistEntrySchema) },
});

export const removeWaitlistRoute = defineRoute({
  method: 'delete',
  path: '/api/appointments/waitlist/{id}',
  access: access.can('appointments', 'view'),
  operationId: 'removeFromWaitlist',
  tags: ['appointments'],
  summary: 'Take an entry off the waitlist (an open offer goes to the next person)',
  description: WHO,
  request: { params: idParam },
  errors: { 409: 'The entry is no longer on the list' },
  responses: { 204: { description: 'Removed' } },
});

const OFFER =
  'The patient of the offer only (anyone else: 404). An answered offer is 410 `waitlist_link_used`, a lapsed one 410 `waitlist_link_expired`; a time taken meanwhile 409 `waitlist_slot_gone` (the patient stays on the list).';
const OFFER_ERRORS = { 409: 'The time was taken meanwhile', 410: 'Answered or lapsed' };

export const takeOfferRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/waitlist/offers/{id}/take',
  access: access.can('appointments', 'view'),
  operationId: 'takeWaitlistOffer',
  tags: ['appointments'],
  summary: 'The signed-in patient takes an offered time (books it)',
  description: OFFER,
  request: { params: idParam },
  errors: OFFER_ERRORS,
  responses: { 200: jsonResponse('Booked', waitlistOfferResultSchema) },
});

export const declineOfferRoute = defineRoute({
  method: 'post',
  path: '/api/appointments/waitlist/offers/{id}/decline',
  access: access.can('appointments', 'view'),
  operationId: 'declineWaitlistOffer',
  tags: ['appointments'],
  summary: 'The signed-in patient declines an offered time (it goes to the next person)',
  description: OFFER,
  request: { params: idParam },
  errors: OFFER_ERRORS,
  responses: { 200: jsonResponse('Declined', waitlistOfferResultSchema) },
});

const LINK =
  "Public: the token of a waitlist offer's link (from the URL fragment), in the body so it never appears in a URL. An unknown or altered token is 404 `waitlist_link_invalid`; an answered offer 410 `waitlist_link_used`; a lapsed one 410 `waitlist_link_expired`; a time taken meanwhile 409 `waitlist_slot_gone`. Audited with the patient.";
const LINK_ERRORS = {
  404: 'Unknown or altered link',
  409: 'The time was taken meanwhile',
  410: 'Answered or lapsed',
  429: LINK_LIMIT_ERROR,
};

export const offerLinkViewRoute = defineRoute({
  method: 'post',
  path: '/api/waitlist-offer-links/view',
  access: access.public,
  operationId: 'viewWaitlistOfferLink',
  tags: ['appointments'],
  summary: "What a waitlist offer's link offers (before acting)",
  description: LINK,
  request: jsonBody(waitlistLinkInputSchema),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('The offer', waitlistLinkViewSchema) },
});

export const offerLinkTakeRoute = defineRoute({
  method: 'post',
  path: '/api/waitlist-offer-links/take',
  access: access.public,
  operationId: 'takeWaitlistOfferByLink',
  tags: ['appointments'],
  summary: 'Take the offered time (books it; uses the link)',
  description: LINK,
  request: jsonBody(waitlistLinkInputSchema),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('Booked', waitlistOfferResultSchema) },
});

export const offerLinkDeclineRoute = defineRoute({
  method: 'post',
  path: '/api/waitlist-offer-links/decline',
  access: access.public,
  operationId: 'declineWaitlistOfferByLink',
  tags: ['appointments'],
  summary: 'Decline the offered time (uses the link; it goes to the next person)',
  description: LINK,
  request: jsonBody(waitlistLinkInputSchema),
  errors: LINK_ERRORS,
  responses: { 200: jsonResponse('Declined', waitlistOfferResultSchema) },
});
