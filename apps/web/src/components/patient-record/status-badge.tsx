import type { PatientStatus } from '@painlab/shared/patients';
import { useTranslation } from 'react-i18next';
import { statusColour } from '../../lib/status-colours';
import { ColourBadge } from '../ui/colour-badge';

/** SPEC §4 work-item colours: in treatment blue, follow up yellow, new green, others grey. */
export function StatusBadge({ status, className }: { status: PatientStatus; className?: string }) {
  const { t } = useTranslation('patients');
  return (
    <ColourBadge colour={statusColour(status)} className={className} data-status={status}>
      {t(`enums.status.${status}`)}
    </ColourBadge>
  );
}
