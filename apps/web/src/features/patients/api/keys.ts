/**
 * Query keys of the patients module. Every key starts with 'patients' (or contains 'specialist'),
 * so the cache policy (SPEC §9) gives them its patient (5 min, high) or specialist (15 min) rules.
 */
import type { PatientListFilters } from '../lib/list-filters';

export const patientKeys = {
  all: ['patients'] as const,
  lists: () => ['patients', 'list'] as const,
  list: (filters: PatientListFilters) => ['patients', 'list', filters] as const,
  details: () => ['patients', 'detail'] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  notes: (id: string) => ['patients', 'detail', id, 'notes'] as const,
  statusHistory: (id: string) => ['patients', 'detail', id, 'status-history'] as const,
};

export const specialistKeys = {
  all: ['specialists'] as const,
};

export const patientPath = (id: string) => `/api/patients/${encodeURIComponent(id)}`;
