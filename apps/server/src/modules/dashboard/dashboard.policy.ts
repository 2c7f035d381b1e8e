/**
 * Who sees which dashboard widget: decided by role in summary.service.ts (staff everything, a
 * patient their own next steps, a researcher counts only). Layouts belong to their owner alone: an
 * id of someone else's layout answers 404, as if it did not exist (layouts hold no patient data).
 */
import type { Role } from '@painlab/shared/permissions';
import type { Actor } from '../../audit/audit';

export type Viewer = Actor & { role: Role; userId: string };
