import { canSeeIdentified } from '@painlab/shared/permissions';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { TaskListView } from '../../../../features/tasks/components/task-list-view';

/** /tasks: staff manage every task; anyone else works on the tasks assigned to them. */
export function Component() {
  const { me } = useViewer();
  return <TaskListView staff={me ? canSeeIdentified(me.role) : false} />;
}
