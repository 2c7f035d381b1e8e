import { PatientListView } from '../../../../features/patients/components/patient-list-view';

/** /patients */
export function Component() {
  return <PatientListView />;
}
