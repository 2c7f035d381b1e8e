import type { PatientStatus, Priority } from '@painlab/shared/patients';
import { useTranslation } from 'react-i18next';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { priorityColour, statusColour } from '../../../lib/status-colours';

/** SPEC §4: high red, medium yellow, low green. */
export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const { t } = useTranslation('patients');
  return (
    <ColourBadge colour={priorityColour(priority)} className={className} data-priority={priority}>
      {t(`enums.priority.${priority}`)}
    </ColourBadge>
  );
}

/** SPEC §4 work-item colours: in treatment blue, follow up yellow, new green, others grey. */
export function StatusBadge({ status, className }: { status: PatientStatus; className?: string }) {
  const { t } = useTranslation('patients');
  return (
    <ColourBadge colour={statusColour(status)} className={className} data-status={status}>
      {t(`enums.status.${status}`)}
    </ColourBadge>
  );
}
