/**
 * The questionnaires API: a patient's overview (staff), assigning, the assignment to fill (signed in)
 * with its draft and submission, and the same three through a notice's link (no sign-in).
 */
import {
  createScheduleResultSchema,
  draftResultSchema,
  fillViewSchema,
  questionnaireOverviewSchema,
  questionnaireScheduleSchema,
  submitResultSchema,
  type CreateScheduleInput,
  type SubmitResult,
} from '@painlab/shared/questionnaires';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiJson } from '../../../lib/api-client';
import { cachePolicy } from '../../../lib/cache-policy';
import { retryTransient } from '../../../lib/query-client';
import { assignmentPath, overviewPath, questionnaireKeys } from './keys';

export function overviewQueryOptions(patientId: string) {
  const queryKey = questionnaireKeys.overview(patientId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(overviewPath(patientId), questionnaireOverviewSchema, signal),
    ...cachePolicy([...queryKey]),
    retry: retryTransient,
  });
}

export const useOverview = (patientId: string) => useQuery(overviewQueryOptions(patientId));

export function useAssign(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['questionnaires', 'assign'],
    mutationFn: (input: CreateScheduleInput) =>
      apiJson(`${overviewPath(patientId)}/schedules`, createScheduleResultSchema, {
        method: 'POST',
        body: input,
      }),
    retry: false,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: questionnaireKeys.overview(patientId) }),
  });
}

export function useStopSchedule(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['questionnaires', 'stop'],
    mutationFn: (scheduleId: string) =>
      apiJson(
        `${overviewPath(patientId)}/schedules/${encodeURIComponent(scheduleId)}/stop`,
        questionnaireScheduleSchema,
        { method: 'POST', body: {} },
      ),
    retry: false,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: questionnaireKeys.overview(patientId) }),
  });
}

export function fillQueryOptions(id: string) {
  const queryKey = questionnaireKeys.fill(id);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get(assignmentPath(id), fillViewSchema, signal),
    retry: retryTransient,
    staleTime: 0,
  });
}

export const useFill = (id: string) => useQuery(fillQueryOptions(id));

/** How the filler saves and submits: signed in by id, or through the link's token. */
export interface FillTransport {
  saveDraft(answers: (number | null)[], version: number): Promise<{ version: number }>;
  submit(answers: (number | null)[]): Promise<SubmitResult>;
}

export function signedInTransport(id: string): FillTransport {
  return {
    saveDraft: (answers, version) =>
      apiJson(`${assignmentPath(id)}/draft`, draftResultSchema, {
        method: 'PUT',
        body: { answers, version },
      }),
    submit: (answers) =>
      apiJson(`${assignmentPath(id)}/submit`, submitResultSchema, {
        method: 'POST',
        body: { answers },
      }),
  };
}

export function linkTransport(token: string): FillTransport {
  return {
    saveDraft: (answers, version) =>
      apiJson('/api/questionnaire-links/draft', draftResultSchema, {
        method: 'PUT',
        body: { token, answers, version },
      }),
    submit: (answers) =>
      apiJson('/api/questionnaire-links/submit', submitResultSchema, {
        method: 'POST',
        body: { token, answers },
      }),
  };
}

export function useOpenLink(token: string | null) {
  return useQuery({
    queryKey: ['questionnaires', 'link', token ? 'token' : 'none'],
    queryFn: () =>
      apiJson('/api/questionnaire-links/open', fillViewSchema, {
        method: 'POST',
        body: { token },
      }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
