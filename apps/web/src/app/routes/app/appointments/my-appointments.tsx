import { useViewer } from '../../../../features/auth/api/get-viewer';
import { CalendarFeedPanel } from '../../../../features/appointments/components/calendar-feed-panel';
import { MyAppointmentsView } from '../../../../features/appointments/components/my-appointments-view';
import { WaitlistPanel } from '../../../../features/appointments/components/waitlist-panel';
import { can } from '../../../../lib/authorization';

/**
 * /appointments-page: the signed-in patient's own appointments. Open to every signed-in user (SPEC
 * §2); an account without the `appointments` view permission (researchers) is told so, and nothing
 * is asked of the server. A patient can subscribe their calendar app to them (ADR 0028).
 */
export function Component() {
  const { viewer, role } = useViewer();
  const canView = viewer ? can(viewer, 'appointments', 'view') : false;
  return (
    <div className="flex flex-col gap-6">
      <MyAppointmentsView canView={canView} />
      {canView && role === 'user' ? <WaitlistPanel audience="patient" /> : null}
      {canView && role === 'user' ? <CalendarFeedPanel audience="patient" /> : null}
    </div>
  );
}
