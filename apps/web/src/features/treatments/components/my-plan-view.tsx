/**
 * /my-plan (the patient): their active plan in their language — what to do this week, their home
 * exercises, their open questionnaires (links to fill them), their goals and progress chart (uPlot,
 * loaded only here), and the acknowledgement of the current version.
 */
import { myQuestionnairesSchema } from '@painlab/shared/questionnaires';
import type { Plan, PlanGoal } from '@painlab/shared/treatments';
import { definition } from '@painlab/clinical';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAcknowledge, useMyPlan } from '../api/treatments-api';
import { thisWeek } from '../lib/this-week';
import {
  GoalItem,
  InterventionItem,
  PlanProgressBar,
  PlanStatusBadge,
  useLanguage,
} from './plan-parts';

const ProgressChart = lazy(() => import('./progress-chart'));

/** The patient's open questionnaires (the questionnaires API; its key, so both screens share it). */
function useMyQuestionnaires(enabled: boolean) {
  return useQuery({
    queryKey: ['questionnaires', 'mine'],
    queryFn: ({ signal }) => api.get('/api/questionnaires/mine', myQuestionnairesSchema, signal),
    enabled,
  });
}

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function MyPlanView({ canView }: { canView: boolean }) {
  const { t } = useTranslation('treatments');
  const mine = useMyPlan(canView);
  const plan = mine.data?.plan ?? null;

  if (!canView || (mine.data && !plan))
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <Alert data-testid="no-plan">{t('mine.none')}</Alert>
      </div>
    );
  if (mine.isPending)
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('loading')}
        </p>
      </div>
    );
  if (mine.isError || !plan)
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <Alert tone="error">{t('loadFailed')}</Alert>
      </div>
    );
  return <PlanForPatient plan={plan} acknowledged={mine.data.acknowledged} />;
}

function PlanForPatient({ plan, acknowledged }: { plan: Plan; acknowledged: boolean }) {
  const { t } = useTranslation('treatments');
  const { date } = useFormatters();
  const c = plan.content;
  const week = thisWeek(c.interventions, localToday());
  const exercises = c.interventions.filter((i) => i.kind === 'home_exercise');
  const treatment = c.interventions.filter((i) => i.kind !== 'home_exercise');
  const measured = c.goals.filter(
    (g): g is PlanGoal & { measure: NonNullable<PlanGoal['measure']> } => g.measure !== null,
  );
  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageHeader
          title={t('mine.title')}
          description={c.title}
          actions={<PlanStatusBadge status={plan.status} />}
        />
        {c.summary ? <p className="max-w-3xl text-slate-800">{c.summary}</p> : null}
        <p className="mt-2 text-sm text-slate-600">
          {t('mine.clinicians')}: {plan.clinicians.map((x) => x.name).join(', ')}
          {c.reviewOn ? ` · ${t('plan.review')}: ${date(c.reviewOn)}` : null}
        </p>
      </div>

      <Acknowledge plan={plan} acknowledged={acknowledged} />

      <Section id="week" title={t('mine.thisWeek')}>
        {week.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {week.map((i) => (
              <InterventionItem key={i.id} item={i} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('mine.thisWeekEmpty')}</p>
        )}
      </Section>

      <Section id="exercises" title={t('mine.exercises')}>
        {exercises.length ? (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="my-exercises">
            {exercises.map((i) => (
              <InterventionItem key={i.id} item={i} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('mine.noExercises')}</p>
        )}
      </Section>

      <Questionnaires />

      <Section id="goals" title={t('mine.goals')}>
        <PlanProgressBar percent={plan.progress.percent} />
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {c.goals.map((g) => (
            <GoalItem
              key={g.id}
              goal={g}
              progress={plan.progress.goals.find((p) => p.goalId === g.id)}
            />
          ))}
        </ul>
      </Section>

      {measured.some((g) => plan.points.some((p) => p.instrumentId === g.measure.instrumentId)) ? (
        <Section id="progress" title={t('mine.progress')}>
          <div className="grid gap-6 md:grid-cols-2">
            {measured.map((g) => (
              <Suspense key={g.id} fallback={<Skeleton shape="card" className="h-52" />}>
                <ProgressChart goal={g} points={plan.points} />
              </Suspense>
            ))}
          </div>
        </Section>
      ) : null}

      {treatment.length ? (
        <Section id="treatment" title={t('mine.interventions')}>
          <ul className="grid gap-3 md:grid-cols-2">
            {treatment.map((i) => (
              <InterventionItem key={i.id} item={i} />
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function Acknowledge({ plan, acknowledged }: { plan: Plan; acknowledged: boolean }) {
  const { t } = useTranslation('treatments');
  const { dateTime } = useFormatters();
  const ack = useAcknowledge(plan.id);
  const mine = plan.acknowledgements.find((a) => a.version === plan.version);
  if (acknowledged && mine)
    return (
      <p
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        data-testid="acknowledged"
      >
        {t('mine.acknowledged', { date: dateTime(mine.acknowledgedAt) })}
      </p>
    );
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4" data-testid="acknowledge">
      {plan.acknowledgements.length ? (
        <p className="mb-2 font-medium text-amber-950">{t('mine.updated')}</p>
      ) : null}
      <p id="ack-hint" className="mb-3 text-sm text-amber-950">
        {t('mine.acknowledgeHint')}
      </p>
      <Button
        aria-describedby="ack-hint"
        disabled={ack.isPending}
        onClick={() =>
          ack.mutate(plan.version, {
            onSuccess: () => toast.success(t('saved')),
            onError: () => toast.error(t('plan.conflict')),
          })
        }
      >
        {t('mine.acknowledge')}
      </Button>
    </div>
  );
}

function Questionnaires() {
  const { t } = useTranslation('treatments');
  const language = useLanguage();
  const { date } = useFormatters();
  const q = useMyQuestionnaires(true);
  const open = q.data?.open ?? [];
  return (
    <Section id="questionnaires" title={t('mine.questionnaires')}>
      {q.isPending ? (
        <Skeleton shape="card" className="h-16" />
      ) : open.length ? (
        <ul className="flex flex-col gap-2">
          {open.map((a) => (
            <li key={a.id}>
              <Link
                to={`/questionnaires/${a.id}`}
                className="inline-flex min-h-11 items-center font-medium text-teal-800 underline-offset-4 hover:underline"
              >
                {t('mine.fill', { name: definition(a.instrumentId).name[language] })}
              </Link>{' '}
              <span className="text-sm text-slate-600">
                {t('mine.due', { date: date(a.dueOn) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('mine.noQuestionnaires')}</p>
      )}
    </Section>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`my-plan-${id}`}>
      <h2 id={`my-plan-${id}`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
