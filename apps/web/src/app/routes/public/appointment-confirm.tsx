import { ReminderLinkScreen } from '../../../features/appointments/components/reminder-link-screen';

/** /cita/confirmar#<token>: a reminder's confirm link, without signing in (ADR 0021). */
export function Component() {
  return <ReminderLinkScreen purpose="confirm" />;
}
