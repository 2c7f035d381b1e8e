import { useViewer } from '../../../../features/auth/api/get-viewer';
import { AvailabilityEditor } from '../../../../features/appointments/components/availability-editor';
import { CalendarFeedPanel } from '../../../../features/appointments/components/calendar-feed-panel';

/** /appointments/availability (staff): weekly hours and exceptions, and the calendar subscription. */
export function Component() {
  const { me, role } = useViewer();
  return (
    <div className="flex flex-col gap-6">
      <AvailabilityEditor viewerId={me?.user.id ?? null} role={role} />
      <CalendarFeedPanel audience="staff" />
    </div>
  );
}
