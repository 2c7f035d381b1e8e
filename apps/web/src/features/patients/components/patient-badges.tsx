import type { Priority } from '@painlab/shared/patients';
import { useTranslation } from 'react-i18next';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { priorityColour } from '../../../lib/status-colours';

/** SPEC §4: high red, medium yellow, low green. */
export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const { t } = useTranslation('patients');
  return (
    <ColourBadge colour={priorityColour(priority)} className={className} data-priority={priority}>
      {t(`enums.priority.${priority}`)}
    </ColourBadge>
  );
}
