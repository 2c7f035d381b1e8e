import type { Appointment, AppointmentStatus, SeriesScope } from '@painlab/shared/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError, NetworkError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  downloadIcs,
  useCancelAppointment,
  useTransitionAppointment,
} from '../api/save-appointment';
import { CancelDialog } from './cancel-dialog';

/** The server's translated refusal, or a generic one. */
export function useFailureMessage() {
  const { t } = useTranslation('appointments');
  return (error: unknown) =>
    isApiError(error) && error.status < 500
      ? error.message
      : error instanceof NetworkError
        ? t('errors.network')
        : t('errors.saveFailed');
}

const MOVES: {
  to: Exclude<AppointmentStatus, 'pending' | 'cancelled'>;
  key: 'confirm' | 'complete' | 'noShow';
}[] = [
  { to: 'confirmed', key: 'confirm' },
  { to: 'completed', key: 'complete' },
  { to: 'no_show', key: 'noShow' },
];

/** What the viewer may do with an appointment: status changes, cancel (with a reason), .ics. */
export function AppointmentActions({
  appointment,
  onDone,
}: {
  appointment: Appointment;
  onDone?: () => void;
}) {
  const { t } = useTranslation('appointments');
  const failure = useFailureMessage();
  const transition = useTransitionAppointment();
  const cancel = useCancelAppointment();
  const [cancelling, setCancelling] = useState(false);
  const busy = transition.isPending || cancel.isPending;

  async function move(to: (typeof MOVES)[number]['to']) {
    try {
      await transition.mutateAsync({
        id: appointment.id,
        status: to,
        version: appointment.version,
      });
      toast.success(t(`toast.${to}`));
      onDone?.();
    } catch (error) {
      toast.error(failure(error));
    }
  }

  async function confirmCancel(reason: string, scope: SeriesScope) {
    try {
      await cancel.mutateAsync({
        id: appointment.id,
        reason,
        version: appointment.version,
        ...(scope !== 'one' ? { scope } : {}),
      });
      toast.success(scope === 'one' ? t('toast.cancelled') : t('series.cancelledMany'));
      setCancelling(false);
      onDone?.();
    } catch (error) {
      toast.error(failure(error));
      setCancelling(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {MOVES.filter((m) => appointment.allowedTransitions.includes(m.to)).map((m) => (
        <Button
          key={m.to}
          size="sm"
          variant={m.to === 'confirmed' ? 'primary' : 'secondary'}
          disabled={busy}
          onClick={() => void move(m.to)}
        >
          {t(`actions.${m.key}`)}
        </Button>
      ))}
      {appointment.canCancel ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setCancelling(true)}>
          {t('actions.cancel')}
        </Button>
      ) : null}
      {appointment.status !== 'cancelled' ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            void downloadIcs(appointment.id).catch((error: unknown) => toast.error(failure(error)))
          }
        >
          {t('actions.ics')}
        </Button>
      ) : null}
      <CancelDialog
        open={cancelling}
        pending={cancel.isPending}
        series={Boolean(appointment.series) && appointment.canReschedule}
        onConfirm={(reason, scope) => void confirmCancel(reason, scope)}
        onClose={() => setCancelling(false)}
      />
    </div>
  );
}
