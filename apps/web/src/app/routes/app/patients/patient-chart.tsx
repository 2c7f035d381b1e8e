import { useParams } from 'react-router';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { PatientChart } from '../../../../features/patients/components/patient-chart';
import { can } from '../../../../lib/authorization';

/** /patients/:id: the chart; archiving is for those who may delete patients (admin). */
export function Component() {
  const { id = '' } = useParams();
  const { viewer } = useViewer();
  return (
    <PatientChart
      key={id}
      id={id}
      canArchive={viewer ? can(viewer, 'patients', 'delete') : false}
    />
  );
}
