import { AccessLogView } from '../../../../features/portal/components/access-log-view';

/** /my-record/access */
export function Component() {
  return <AccessLogView />;
}
