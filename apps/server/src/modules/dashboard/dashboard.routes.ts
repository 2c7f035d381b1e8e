import { z } from '@hono/zod-openapi';
import {
  createLayoutSchema,
  dashboardLayoutListSchema,
  dashboardLayoutSchema,
  dashboardSummarySchema,
  updateLayoutSchema,
} from '@painlab/shared/dashboard';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });

export const dashboardSummaryRoute = defineRoute({
  method: 'get',
  path: '/api/dashboard',
  access: access.authenticated,
  operationId: 'getDashboard',
  tags: ['dashboard'],
  summary: "The caller's dashboard widgets",
  description:
    "Staff (admin, specialist): patient load per specialist and status, today's pending and confirmed appointments, recent activity, priority alerts (high-priority patients without a next step, overdue high-priority tasks) and their open tasks. A patient: their next appointment and their own open tasks. A researcher: counts only (patient load per status, activity per kind) and their own tasks not tied to a patient. A widget the caller may not see is `null`. Every patient shown is an audit row. `tz` (an IANA zone, Europe/Madrid by default) says what today is.",
  request: { query: z.strictObject({ tz: z.string().max(64).optional() }) },
  responses: { 200: jsonResponse('The widgets', dashboardSummarySchema) },
});

export const listLayoutsRoute = defineRoute({
  method: 'get',
  path: '/api/dashboard/layouts',
  access: access.authenticated,
  operationId: 'listDashboardLayouts',
  tags: ['dashboard'],
  summary: "The caller's saved dashboard layouts, by name",
  responses: { 200: jsonResponse('Layouts', dashboardLayoutListSchema) },
});

export const createLayoutRoute = defineRoute({
  method: 'post',
  path: '/api/dashboard/layouts',
  access: access.authenticated,
  operationId: 'createDashboardLayout',
  tags: ['dashboard'],
  summary: 'Save a named dashboard layout',
  description:
    'Strict, versioned JSON: `version` 1, 12 `columns`, at most one placement per known widget, each inside the grid. Names are unique per person (case-insensitive); at most 20 layouts. `isDefault` makes it the one opened first (the previous default stops being one).',
  request: jsonBody(createLayoutSchema),
  responses: { 201: jsonResponse('Saved', dashboardLayoutSchema) },
});

export const updateLayoutRoute = defineRoute({
  method: 'patch',
  path: '/api/dashboard/layouts/{id}',
  access: access.authenticated,
  operationId: 'updateDashboardLayout',
  tags: ['dashboard'],
  summary: 'Rename, rearrange or make default one of the caller’s layouts',
  description: 'Carries the `version` read; a stale one answers 409. Another person’s layout: 404.',
  request: { params: idParam, ...jsonBody(updateLayoutSchema) },
  errors: { 404: 'No such layout of the caller', 409: 'Changed meanwhile' },
  responses: { 200: jsonResponse('Saved', dashboardLayoutSchema) },
});

export const deleteLayoutRoute = defineRoute({
  method: 'delete',
  path: '/api/dashboard/layouts/{id}',
  access: access.authenticated,
  operationId: 'deleteDashboardLayout',
  tags: ['dashboard'],
  summary: 'Delete one of the caller’s layouts',
  request: { params: idParam },
  errors: { 404: 'No such layout of the caller' },
  responses: { 204: { description: 'Deleted' } },
});
