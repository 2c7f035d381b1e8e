import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import {
  PatientChart,
  type ChartPanels,
} from '../../../../features/patients/components/patient-chart';
import { Skeleton } from '../../../../components/ui/skeleton';
import { loadNamespaces } from '../../../../lib/i18n';
import { can } from '../../../../lib/authorization';

// The questionnaires tab's code and texts load only when the tab is opened.
const QuestionnairesTab = lazy(async () => {
  const [module] = await Promise.all([
    import('../../../../features/questionnaires/components/questionnaires-tab'),
    loadNamespaces(['questionnaires']),
  ]);
  return { default: module.QuestionnairesTab };
});

// The treatment plans tab likewise (its code and texts only when opened).
const PlanTab = lazy(async () => {
  const [module] = await Promise.all([
    import('../../../../features/treatments/components/plan-tab'),
    loadNamespaces(['treatments']),
  ]);
  return { default: module.PlanTab };
});

const PANELS: ChartPanels = {
  questionnaires: (patientId) => (
    <Suspense fallback={<Skeleton shape="card" className="h-40" />}>
      <QuestionnairesTab patientId={patientId} />
    </Suspense>
  ),
  treatments: (patientId) => (
    <Suspense fallback={<Skeleton shape="card" className="h-40" />}>
      <PlanPanel patientId={patientId} />
    </Suspense>
  ),
};

/** The plans tab; a new plan names the signed-in clinician as responsible to begin with. */
function PlanPanel({ patientId }: { patientId: string }) {
  const { me } = useViewer();
  return <PlanTab patientId={patientId} clinicianId={me?.user.id} />;
}

/** /patients/:id: the chart; archiving is for those who may delete patients (admin). */
export function Component() {
  const { id = '' } = useParams();
  const { viewer } = useViewer();
  return (
    <PatientChart
      key={id}
      id={id}
      canArchive={viewer ? can(viewer, 'patients', 'delete') : false}
      panels={PANELS}
    />
  );
}
