import { NotificationsView } from '../../../../features/notifications/components/notifications-view';

/** /notifications: the signed-in user's notifications. */
export function Component() {
  return <NotificationsView />;
}
