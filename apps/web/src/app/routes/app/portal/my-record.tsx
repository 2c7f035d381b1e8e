import { MyRecordView } from '../../../../features/portal/components/my-record-view';

/** /my-record */
export function Component() {
  return <MyRecordView />;
}
