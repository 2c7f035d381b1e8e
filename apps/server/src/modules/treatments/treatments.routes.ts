import { z } from '@hono/zod-openapi';
import {
  acknowledgePlanSchema,
  changePlanStatusSchema,
  createPlanSchema,
  myPlanSchema,
  planListQuerySchema,
  planListSchema,
  planSchema,
  planVersionSchema,
  revisePlanSchema,
} from '@painlab/shared/treatments';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const versionParams = z.strictObject({
  id: z.string().max(100),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

const ROWS =
  "Staff (admin, specialist) any plan; a patient (role `user`) only their own once it was started, and none of the versions written while it was a draft (a draft dropped unstarted stays unseen; anything else is 404, also a patient's `patientId` filter naming someone else); a researcher holds no treatments permission (403). Every decision is audited with the patient id.";

export const listPlansRoute = defineRoute({
  method: 'get',
  path: '/api/treatments',
  access: access.can('treatments', 'view'),
  operationId: 'listTreatments',
  tags: ['treatments'],
  summary: 'Treatment plans, most recently changed first, with their progress',
  description: `${ROWS} Filters: status, patient, a search of the patient's name or the title, \`mine\` (plans the caller is responsible for). Keyset pages (\`cursor\`).`,
  request: { query: planListQuerySchema },
  responses: { 200: jsonResponse('A page of plans', planListSchema) },
  errors: { 404: "A patient's filter naming another patient" },
});

export const createPlanRoute = defineRoute({
  method: 'post',
  path: '/api/treatments',
  access: access.can('treatments', 'create'),
  operationId: 'createTreatments',
  tags: ['treatments'],
  summary: 'Create a plan for a patient (a draft, version 1)',
  description:
    "Goals may name a measure (an instrument of packages/clinical, `total` or a subscale, a comparator and a target); a missing baseline is the patient's latest result. Responsible clinicians must be staff.",
  request: jsonBody(createPlanSchema),
  responses: { 201: jsonResponse('Created', planSchema) },
});

export const myPlanRoute = defineRoute({
  method: 'get',
  path: '/api/treatments/mine',
  access: access.can('treatments', 'view'),
  operationId: 'getMyTreatmentPlan',
  tags: ['treatments'],
  summary: "The caller's own active plan, its progress and whether its version is acknowledged",
  description: 'For a patient account linked to a record; `plan: null` for anyone else.',
  responses: { 200: jsonResponse('My plan', myPlanSchema) },
});

export const getPlanRoute = defineRoute({
  method: 'get',
  path: '/api/treatments/{id}',
  access: access.can('treatments', 'view'),
  operationId: 'getTreatmentPlan',
  tags: ['treatments'],
  summary:
    'A plan: content, progress per goal, version history, acknowledgements, measures over time',
  description: ROWS,
  request: { params: idParam },
  responses: { 200: jsonResponse('The plan', planSchema) },
});

export const getVersionRoute = defineRoute({
  method: 'get',
  path: '/api/treatments/{id}/versions/{version}',
  access: access.can('treatments', 'view'),
  operationId: 'getTreatmentPlanVersion',
  tags: ['treatments'],
  summary: 'One version of a plan as it was',
  description: ROWS,
  request: { params: versionParams },
  responses: { 200: jsonResponse('The version', planVersionSchema) },
});

export const revisePlanRoute = defineRoute({
  method: 'patch',
  path: '/api/treatments/{id}',
  access: access.can('treatments', 'edit'),
  operationId: 'updateTreatments',
  tags: ['treatments'],
  summary: 'Revise a draft or active plan: the whole content, as a new version',
  description:
    '`version` must be the one read: a stale one is 409 `conflict`; a completed or discontinued plan is 409 `transition_not_allowed`. A revised active plan needs the patient to acknowledge again.',
  request: { params: idParam, ...jsonBody(revisePlanSchema) },
  errors: { 409: 'Stale version, or a closed plan' },
  responses: { 200: jsonResponse('Revised', planSchema) },
});

export const statusRoute = defineRoute({
  method: 'post',
  path: '/api/treatments/{id}/status',
  access: access.can('treatments', 'edit'),
  operationId: 'changeTreatmentPlanStatus',
  tags: ['treatments'],
  summary: 'Change the status (a new version)',
  description:
    'Allowed: draft → active | discontinued; active → completed | discontinued. Anything else is 409 `transition_not_allowed`; a stale `version` 409 `conflict`; activating while the patient has another active plan 409 `plan_already_active` (a unique index: of two at once, one wins).',
  request: { params: idParam, ...jsonBody(changePlanStatusSchema) },
  errors: { 409: 'Not allowed, stale, or another plan is active' },
  responses: { 200: jsonResponse('Changed', planSchema) },
});

export const acknowledgeRoute = defineRoute({
  method: 'post',
  path: '/api/treatments/{id}/acknowledge',
  access: access.can('treatments', 'view'),
  operationId: 'acknowledgeTreatmentPlan',
  tags: ['treatments'],
  summary: 'The patient acknowledges the current version of their active plan',
  description:
    'Only the patient whose plan it is (staff: 403; anyone else: 404). `version` must be the current one (409 otherwise); acknowledging it again changes nothing.',
  request: { params: idParam, ...jsonBody(acknowledgePlanSchema) },
  errors: { 409: 'Stale version, or the plan is not active' },
  responses: { 200: jsonResponse('Acknowledged', myPlanSchema) },
});

export const deletePlanRoute = defineRoute({
  method: 'delete',
  path: '/api/treatments/{id}',
  access: access.can('treatments', 'delete'),
  operationId: 'deleteTreatments',
  tags: ['treatments'],
  summary: 'Delete a draft plan (admin)',
  description:
    'Only a draft, never shown to the patient; any other status is 409 `transition_not_allowed` (a plan that was in use is discontinued, and keeps its history).',
  request: { params: idParam },
  errors: { 409: 'Not a draft' },
  responses: { 204: { description: 'Deleted' } },
});
