import { canSeeIdentified } from '@painlab/shared/permissions';
import { useParams } from 'react-router';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { FillScreen } from '../../../../features/questionnaires/components/fill-screen';

/** /questionnaires/:id: the patient fills their own; staff enter a paper one on the patient's behalf. */
export function Component() {
  const { id = '' } = useParams();
  const { me } = useViewer();
  return <FillScreen key={id} id={id} onBehalf={me ? canSeeIdentified(me.role) : false} />;
}
