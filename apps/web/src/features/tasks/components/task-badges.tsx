import { taskStatusColour, type TaskPriority, type TaskStatus } from '@painlab/shared/tasks';
import { useTranslation } from 'react-i18next';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { priorityColour } from '../../../lib/status-colours';

/** SPEC §4: in progress blue, pending review yellow, new green, other grey. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return <ColourBadge colour={taskStatusColour(status)}>{t(`enums.status.${status}`)}</ColourBadge>;
}

/** SPEC §4: high red, medium yellow, low green. */
export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return (
    <ColourBadge colour={priorityColour(priority)}>{t(`enums.priority.${priority}`)}</ColourBadge>
  );
}
