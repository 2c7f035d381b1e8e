import { useViewer } from '../../../../features/auth/api/get-viewer';
import { MyAppointmentsView } from '../../../../features/appointments/components/my-appointments-view';
import { can } from '../../../../lib/authorization';

/**
 * /appointments-page: the signed-in patient's own appointments. Open to every signed-in user (SPEC
 * §2); an account without the `appointments` view permission (researchers) is told so, and nothing
 * is asked of the server.
 */
export function Component() {
  const { viewer } = useViewer();
  return <MyAppointmentsView canView={viewer ? can(viewer, 'appointments', 'view') : false} />;
}
