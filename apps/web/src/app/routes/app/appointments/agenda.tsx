import { useViewer } from '../../../../features/auth/api/get-viewer';
import { AgendaView } from '../../../../features/appointments/components/agenda-view';

/** /appointments (staff): the clinic's agenda; a specialist starts on their own column. */
export function Component() {
  const { me } = useViewer();
  return <AgendaView viewerId={me?.user.id ?? null} />;
}
