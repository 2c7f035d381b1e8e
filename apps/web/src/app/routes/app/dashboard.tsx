import { DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { useViewer } from '../../../features/auth/api/get-viewer';

export function Component() {
  const { me, viewer } = useViewer();
  if (!me || !viewer) return null;
  return <DashboardView viewer={viewer} name={me.user.name} />;
}
