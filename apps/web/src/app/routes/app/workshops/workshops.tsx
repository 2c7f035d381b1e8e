import { WorkshopsAdminView } from '../../../../features/workshops/components/workshops-admin-view';

/** /admin/workshops */
export function Component() {
  return <WorkshopsAdminView />;
}
