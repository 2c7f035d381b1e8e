import { useParams } from 'react-router';
import {
  EditPatientPage,
  NewPatientPage,
} from '../../../../features/patients/components/patient-form-page';

/** /patients/new and /patients/:id/edit: one form, create and edit modes. */
export function Component() {
  const { id } = useParams();
  return id ? <EditPatientPage key={id} id={id} /> : <NewPatientPage />;
}
