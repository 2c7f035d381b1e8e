import { useParams } from 'react-router';
import { PlanDetailView } from '../../../../features/treatments/components/plan-detail-view';
import { PlanListView } from '../../../../features/treatments/components/plan-list-view';

/** /treatments (the list) and /treatments/:id (one plan): staff. */
export function Component() {
  const { id } = useParams();
  return id ? <PlanDetailView key={id} id={id} /> : <PlanListView />;
}
