import { Construction, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/patient-record/status-badge';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { BackLink as SharedBackLink } from '../../../components/ui/back-link';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../hooks/use-formatters';
import { usePatient } from '../api/get-patient';
import { errorKind, errorText } from '../lib/error-text';
import { AppointmentsPanel } from './appointments-panel';
import { ChartActions } from './chart-actions';
import { ChartSummary } from './chart-summary';
import { NotesPanel } from './notes-panel';
import { PriorityBadge } from './patient-badges';

const TAB_IDS = [
  'summary',
  'notes',
  'appointments',
  'treatments',
  'questionnaires',
  'protocols',
] as const;
type TabId = (typeof TAB_IDS)[number];

function BackLink() {
  const { t } = useTranslation('patients');
  return <SharedBackLink to={paths.patients.href()}>{t('chart.backToList')}</SharedBackLink>;
}

/** A module of a later release, said plainly: no made-up rows. */
function NotYetAvailable({ module }: { module: string }) {
  const { t } = useTranslation('patients');
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Construction aria-hidden="true" className="mx-auto h-8 w-8 text-slate-400" />
      <p className="mx-auto mt-3 max-w-lg text-sm text-slate-600">
        {t('chart.moduleUnavailable', { module })}
      </p>
    </div>
  );
}

/** Unknown id, or one the user may not see: the server answers 404 for both. */
export function PatientNotFound({ title }: { title?: string }) {
  const { t } = useTranslation('patients');
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink />
      <PageHeader title={title ?? t('chart.title')} />
      <section
        aria-labelledby="patient-not-found"
        className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
        data-testid="patient-not-found"
      >
        <TriangleAlert aria-hidden="true" className="mx-auto h-8 w-8 text-amber-600" />
        <h2 id="patient-not-found" className="mt-3 text-lg font-semibold text-slate-900">
          {t('chart.notFoundTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{t('chart.notFoundBody')}</p>
        <Link to={paths.patients.href()} className={buttonClasses('secondary', 'md', 'mt-6')}>
          {t('chart.backToList')}
        </Link>
      </section>
    </div>
  );
}

function ChartSkeleton() {
  const { t } = useTranslation('patients');
  return (
    <div className="mx-auto max-w-7xl" aria-busy="true">
      <BackLink />
      <PageHeader title={t('chart.title')} />
      <span role="status" className="sr-only">
        {t('chart.loading')}
      </span>
      <div className="grid gap-6 lg:grid-cols-3" aria-hidden="true">
        <Skeleton shape="card" className="h-64 lg:col-span-2" />
        <Skeleton shape="card" className="h-64" />
      </div>
    </div>
  );
}

/** Tabs another module renders in the chart (`app/` passes them: features never import features). */
export type ChartPanels = Partial<Record<TabId, (patientId: string) => ReactNode>>;

/** `/patients/:id`: the chart. */
export function PatientChart({
  id,
  canArchive,
  panels = {},
}: {
  id: string;
  canArchive: boolean;
  panels?: ChartPanels;
}) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const [searchParams, setSearchParams] = useSearchParams();
  const patient = usePatient(id);
  const requested = searchParams.get('tab');
  const tab: TabId = (TAB_IDS as readonly string[]).includes(requested ?? '')
    ? (requested as TabId)
    : 'summary';

  if (patient.isPending) return <ChartSkeleton />;
  if (patient.isError) {
    if (errorKind(patient.error) === 'not-found' || errorKind(patient.error) === 'validation')
      return <PatientNotFound />;
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink />
        <PageHeader title={t('chart.title')} />
        <Alert tone="error">
          <p className="font-medium">{t('errors.loadFailed')}</p>
          <p className="mt-1">
            {errorText(patient.error, t('errors.unknown'), t('errors.network'))}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void patient.refetch()}
          >
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('errors.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const p = patient.data;
  const tabs: TabItem<TabId>[] = [
    { id: 'summary', label: t('chart.tabs.summary'), content: () => <ChartSummary patient={p} /> },
    { id: 'notes', label: t('chart.tabs.notes'), content: () => <NotesPanel patientId={p.id} /> },
    {
      id: 'appointments',
      label: t('chart.tabs.appointments'),
      content: () => <AppointmentsPanel patientId={p.id} />,
    },
    ...(['treatments', 'questionnaires', 'protocols'] as const).map((moduleId) => ({
      id: moduleId,
      label: t(`chart.tabs.${moduleId}`),
      content: () =>
        panels[moduleId]?.(p.id) ?? <NotYetAvailable module={t(`chart.tabs.${moduleId}`)} />,
    })),
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-widest text-teal-700 uppercase">
            {t('chart.eyebrow')}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900">
            {p.name}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('chart.ageWithBirthDate', { age: p.age, date: format.date(p.birthDate) })} ·{' '}
            {t(`enums.gender.${p.gender}`)}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusBadge status={p.status} />
            <PriorityBadge priority={p.priority} />
            <span className="rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {t(`enums.category.${p.category}`)}
            </span>
          </div>
        </div>
        <ChartActions patient={p} canArchive={canArchive} />
      </div>

      {p.allergies.length > 0 ? (
        <div
          role="note"
          className="mb-6 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>
            <span className="font-semibold">{t('chart.allergiesAlert')}:</span>{' '}
            {p.allergies.join(', ')}
          </p>
        </div>
      ) : null}

      <Tabs
        label={t('chart.tabsLabel')}
        idPrefix="chart"
        tabs={tabs}
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              const out = new URLSearchParams(params);
              if (next === 'summary') out.delete('tab');
              else out.set('tab', next);
              return out;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}
