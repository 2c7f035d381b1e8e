import { z } from '@hono/zod-openapi';
import {
  createScheduleResultSchema,
  createScheduleSchema,
  draftResultSchema,
  draftSchema,
  fillViewSchema,
  linkDraftSchema,
  linkOpenSchema,
  linkSubmitSchema,
  myQuestionnairesSchema,
  questionnaireOverviewSchema,
  questionnaireScheduleSchema,
  submitResultSchema,
  submitSchema,
} from '@painlab/shared/questionnaires';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const scheduleParams = z.strictObject({ id: z.string().max(100), scheduleId: z.string().max(100) });
const createdSchema = named('QuestionnaireScheduleCreated', createScheduleResultSchema);
const draftSavedSchema = named('QuestionnaireDraftSaved', draftResultSchema);

const STAFF =
  'Staff (admin, specialist); a researcher is refused (403): answers belong to an identified record (ADR 0016).';
const FILLER =
  "The patient for their own assignment; staff for any (entered from paper on the patient's behalf, audited as such). Anyone else: 404; a researcher: 403.";
const LINK =
  "Public: the single-use token of a notice's link. An unknown or altered token is 404 `link_invalid`; an expired link 410 `link_expired`; a link whose questionnaire was already submitted 410 `link_used`.";

export const overviewRoute = defineRoute({
  method: 'get',
  path: '/api/patients/{id}/questionnaires',
  access: access.can('patients', 'view'),
  operationId: 'getPatientQuestionnaires',
  tags: ['questionnaires'],
  summary: "A patient's schedules, open assignments and results per instrument with change",
  description: `${STAFF} Results are oldest first per instrument; \`change\` compares the first with the latest (IMMPACT percentages, MCID points), from packages/clinical.`,
  request: { params: idParam },
  responses: { 200: jsonResponse('Overview', questionnaireOverviewSchema) },
});

export const createScheduleRoute = defineRoute({
  method: 'post',
  path: '/api/patients/{id}/questionnaires/schedules',
  access: access.can('patients', 'edit'),
  operationId: 'assignQuestionnaire',
  tags: ['questionnaires'],
  summary: 'Assign an instrument once or every N weeks until a date',
  description: `${STAFF} An occurrence due today is released at once: the patient's task (when they have a portal account) and a notice with a single-use link (e-mail, else SMS) are written in the same transaction.`,
  request: { params: idParam, ...jsonBody(createScheduleSchema) },
  responses: { 201: jsonResponse('Assigned', createdSchema) },
});

export const stopScheduleRoute = defineRoute({
  method: 'post',
  path: '/api/patients/{id}/questionnaires/schedules/{scheduleId}/stop',
  access: access.can('patients', 'edit'),
  operationId: 'stopQuestionnaireSchedule',
  tags: ['questionnaires'],
  summary: 'Stop a schedule (nothing more is released; open assignments stay)',
  description: STAFF,
  request: { params: scheduleParams },
  errors: { 404: 'No such active schedule for this patient' },
  responses: { 200: jsonResponse('Stopped', questionnaireScheduleSchema) },
});

export const mineRoute = defineRoute({
  method: 'get',
  path: '/api/questionnaires/mine',
  access: access.authenticated,
  operationId: 'listMyQuestionnaires',
  tags: ['questionnaires'],
  summary: "The caller's own open questionnaires and results",
  description: 'For a patient account linked to a record; empty for anyone else.',
  responses: { 200: jsonResponse('Mine', myQuestionnairesSchema) },
});

export const fillViewRoute = defineRoute({
  method: 'get',
  path: '/api/questionnaires/assignments/{id}',
  access: access.authenticated,
  operationId: 'getQuestionnaireAssignment',
  tags: ['questionnaires'],
  summary: 'An assignment to fill, with its saved draft',
  description: FILLER,
  request: { params: idParam },
  responses: { 200: jsonResponse('The assignment', fillViewSchema) },
});

export const draftRoute = defineRoute({
  method: 'put',
  path: '/api/questionnaires/assignments/{id}/draft',
  access: access.authenticated,
  operationId: 'saveQuestionnaireDraft',
  tags: ['questionnaires'],
  summary: 'Save partial answers (resumable)',
  description: `${FILLER} \`version\` must be the one read: a stale one, or an assignment already submitted, is 409.`,
  request: { params: idParam, ...jsonBody(draftSchema) },
  errors: { 409: 'Stale version, or already submitted' },
  responses: { 200: jsonResponse('Saved', draftSavedSchema) },
});

export const submitRoute = defineRoute({
  method: 'post',
  path: '/api/questionnaires/assignments/{id}/submit',
  access: access.authenticated,
  operationId: 'submitQuestionnaire',
  tags: ['questionnaires'],
  summary: 'Submit the answers: validated, scored by packages/clinical, rules applied',
  description: `${FILLER} Answers in the published item order, null for unanswered. Rules that fire make their care-team tasks in the same transaction (PHQ-9 item 9 > 0: an urgent task, and \`showCrisisResources\`). One submission per assignment: a second is 409.`,
  request: { params: idParam, ...jsonBody(submitSchema) },
  errors: { 409: 'Already submitted' },
  responses: { 201: jsonResponse('Scored', submitResultSchema) },
});

export const linkOpenRoute = defineRoute({
  method: 'post',
  path: '/api/questionnaire-links/open',
  access: access.public,
  operationId: 'openQuestionnaireLink',
  tags: ['questionnaires'],
  summary: "Open a notice's link: the assignment to fill",
  description: `${LINK} POST so the token never appears in a URL.`,
  request: jsonBody(linkOpenSchema),
  errors: {
    404: 'Unknown or altered link',
    410: 'Expired or already used',
    429: 'Too many link requests from this address',
  },
  responses: { 200: jsonResponse('The assignment', fillViewSchema) },
});

export const linkDraftRoute = defineRoute({
  method: 'put',
  path: '/api/questionnaire-links/draft',
  access: access.public,
  operationId: 'saveQuestionnaireLinkDraft',
  tags: ['questionnaires'],
  summary: 'Save partial answers through the link',
  description: LINK,
  request: jsonBody(linkDraftSchema),
  errors: {
    404: 'Unknown or altered link',
    409: 'Stale version',
    410: 'Expired or already used',
    429: 'Too many link requests from this address',
  },
  responses: { 200: jsonResponse('Saved', draftSavedSchema) },
});

export const linkSubmitRoute = defineRoute({
  method: 'post',
  path: '/api/questionnaire-links/submit',
  access: access.public,
  operationId: 'submitQuestionnaireLink',
  tags: ['questionnaires'],
  summary: 'Submit the answers through the link (uses it up)',
  description: LINK,
  request: jsonBody(linkSubmitSchema),
  errors: {
    404: 'Unknown or altered link',
    409: 'Submitted meanwhile',
    410: 'Expired or already used',
    429: 'Too many link requests from this address',
  },
  responses: { 201: jsonResponse('Scored', submitResultSchema) },
});
