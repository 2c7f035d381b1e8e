import { ImportView } from '../../../../features/patients/components/import-view';

/** /patients/import */
export function Component() {
  return <ImportView />;
}
