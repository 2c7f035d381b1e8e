import { MyAppointmentsView } from '../../../../features/appointments/components/my-appointments-view';

/** /appointments-page: the signed-in patient's own appointments. */
export function Component() {
  return <MyAppointmentsView />;
}
