import { appointmentStatusColour, type AppointmentStatus } from '@painlab/shared/appointments';
import { useTranslation } from 'react-i18next';
import { ColourBadge } from '../../../components/ui/colour-badge';

/** SPEC §4 colours where they apply; the text always says the status. */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <ColourBadge colour={appointmentStatusColour(status)}>{t(`status.${status}`)}</ColourBadge>
  );
}
