import { ReminderLinkScreen } from '../../../features/appointments/components/reminder-link-screen';

/** /cita/anular#<token>: a reminder's cancel link, without signing in (ADR 0021). */
export function Component() {
  return <ReminderLinkScreen purpose="cancel" />;
}
