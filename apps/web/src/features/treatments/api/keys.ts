/** Query keys of the treatments module: each starts with 'treatment' (SPEC §9: high priority). */
import type { PlanListQuery } from '@painlab/shared/treatments';

export const treatmentKeys = {
  all: ['treatment'] as const,
  list: (filter: PlanListQuery) => ['treatment', 'list', filter] as const,
  plan: (id: string) => ['treatment', 'plan', id] as const,
  version: (id: string, version: number) => ['treatment', 'plan', id, 'version', version] as const,
  mine: () => ['treatment', 'mine'] as const,
  clinicians: () => ['treatment', 'clinicians'] as const,
};

export const planPath = (id: string) => `/api/treatments/${encodeURIComponent(id)}`;
