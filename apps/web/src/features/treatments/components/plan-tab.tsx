/**
 * The chart's "Treatment plans" tab (rendered by the patients chart through `panels`, loaded lazily
 * with its texts): the active plan with its progress, the patient's other plans, and "New plan".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../hooks/use-formatters';
import { usePlan, usePlans } from '../api/treatments-api';
import { PlanBody } from './plan-detail-view';
import { PlanEditor } from './plan-editor';
import { PlanStatusBadge } from './plan-parts';

export function PlanTab({ patientId, clinicianId }: { patientId: string; clinicianId?: string }) {
  const { t } = useTranslation('treatments');
  const navigate = useNavigate();
  const { dateTime } = useFormatters();
  const plans = usePlans({ patientId });
  const [creating, setCreating] = useState(false);
  const items = plans.data?.pages.flatMap((p) => p.items) ?? [];
  const active = items.find((p) => p.status === 'active');

  if (creating)
    return (
      <PlanEditor
        patient={{ id: patientId }}
        clinicianId={clinicianId}
        onDone={(plan) => void navigate(`/treatments/${plan.id}`)}
        onCancel={() => setCreating(false)}
      />
    );
  return (
    <section aria-labelledby="plan-tab-title" data-testid="plan-tab">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="plan-tab-title" className="text-lg font-semibold text-slate-900">
          {t('tab.title')}
        </h2>
        <Button onClick={() => setCreating(true)}>{t('tab.new')}</Button>
      </div>
      {plans.isPending ? (
        <Skeleton shape="card" className="h-40" />
      ) : plans.isError ? (
        <Alert tone="error">{t('loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('tab.none')}</p>
      ) : (
        <>
          {active ? <ActivePlan id={active.id} /> : null}
          <ul className="mt-6 flex flex-col gap-2">
            {items.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span className="min-w-0">
                  <Link
                    to={`/treatments/${p.id}`}
                    className="font-medium text-teal-800 underline-offset-4 hover:underline"
                  >
                    {p.title}
                  </Link>
                  <span className="block text-sm text-slate-600">{dateTime(p.updatedAt)}</span>
                </span>
                <PlanStatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ActivePlan({ id }: { id: string }) {
  const { t } = useTranslation('treatments');
  const plan = usePlan(id);
  if (!plan.data) return <Skeleton shape="card" className="h-40" />;
  return (
    <div className="rounded-xl border border-teal-200 bg-teal-50/40 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{plan.data.content.title}</h3>
        <Link
          to={`/treatments/${id}`}
          className="text-sm font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          {t('tab.open')}
        </Link>
      </div>
      <PlanBody plan={plan.data} />
    </div>
  );
}
