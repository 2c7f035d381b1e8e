import { canSeeIdentified } from '@painlab/shared/permissions';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { MessagesView } from '../../../../features/messages/components/messages-view';

/** /messages: threads with the care team (patients) or with patients and colleagues (staff). */
export function Component() {
  const { me } = useViewer();
  return (
    <MessagesView
      staff={me ? me.role !== 'user' : false}
      clinician={me ? canSeeIdentified(me.role) : false}
      userId={me?.user.id ?? ''}
    />
  );
}
