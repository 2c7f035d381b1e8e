import { OutboxView } from '../../../../features/outbox/components/outbox-view';

/** /admin/outbox */
export function Component() {
  return <OutboxView />;
}
