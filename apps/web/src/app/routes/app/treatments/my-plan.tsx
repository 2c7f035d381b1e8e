import { useViewer } from '../../../../features/auth/api/get-viewer';
import { MyPlanView } from '../../../../features/treatments/components/my-plan-view';
import { can } from '../../../../lib/authorization';

/** /my-plan: the signed-in patient's active treatment plan. */
export function Component() {
  const { viewer } = useViewer();
  return <MyPlanView canView={viewer ? can(viewer, 'treatments', 'view') : false} />;
}
