/**
 * The dashboard's widgets (SPEC §2): each renders one part of the summary the server shaped for the
 * viewer (a patient's own next steps, a researcher's counts, staff's identified lists).
 */
import type { DashboardSummary, PatientLoadRow, WidgetId } from '@painlab/shared/dashboard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { priorityColour } from '../../../lib/status-colours';

const ROW = 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2';
const LINK =
  'font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return {
    lang,
    time: (iso: string) =>
      new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    day: (date: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      ),
  };
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-600">{children}</p>;
}

function Alerts({ items }: { items: NonNullable<DashboardSummary['alerts']> }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (!items.length) return <Empty>{t('widgets.alerts.empty')}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a) => (
        <li key={`${a.kind}:${a.task?.id ?? a.patient?.id}`} className={ROW}>
          <Link to={a.link} className={LINK}>
            {a.kind === 'overdue_task' ? a.task?.title : a.patient?.name}
          </Link>
          <span className="text-sm text-red-800">
            {a.kind === 'overdue_task'
              ? t('widgets.alerts.overdue', { date: f.day(a.task?.dueDate ?? '') })
              : t('widgets.alerts.noNextStep')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Agenda({
  items,
  patient,
}: {
  items: NonNullable<DashboardSummary['agenda']>;
  patient: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (!items.length)
    return <Empty>{t(patient ? 'widgets.agenda.emptyPatient' : 'widgets.agenda.empty')}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a) => (
        <li key={a.id} className={ROW}>
          <span>
            <span className="font-medium text-slate-900 tabular-nums">
              {patient ? f.dateTime(a.startsAt) : f.time(a.startsAt)}
            </span>{' '}
            {patient ? (
              <span className="text-slate-700">{a.specialist.name}</span>
            ) : (
              <Link to={`/patients/${a.patient.id}`} className={LINK}>
                {a.patient.name}
              </Link>
            )}
          </span>
          <span className="text-sm text-slate-600">
            {f.lang.startsWith('es') ? a.type.es : a.type.en} ·{' '}
            {t(`widgets.agenda.status.${a.status === 'pending' ? 'pending' : 'confirmed'}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Tasks({ items }: { items: NonNullable<DashboardSummary['tasks']> }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (!items.length) return <Empty>{t('widgets.tasks.empty')}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((task) => (
        <li key={task.id} className={ROW}>
          <Link to="/tasks" className={LINK}>
            {task.title}
          </Link>
          <span className="flex items-center gap-2 text-sm text-slate-600">
            {task.dueDate
              ? t('widgets.tasks.due', { date: f.day(task.dueDate) })
              : t('widgets.tasks.noDue')}
            <ColourBadge colour={priorityColour(task.priority)}>
              {t(`widgets.priority.${task.priority}`)}
            </ColourBadge>
          </span>
        </li>
      ))}
    </ul>
  );
}

const LOAD_STATUSES = ['new', 'in_treatment', 'follow_up'] as const;

function PatientLoad({ rows, research }: { rows: PatientLoadRow[]; research: boolean }) {
  const { t } = useTranslation('dashboard');
  if (!rows.length) return <Empty>{t('widgets.patientLoad.empty')}</Empty>;
  if (research)
    return (
      <dl className="grid grid-cols-3 gap-3 py-2">
        {LOAD_STATUSES.map((s) => (
          <div key={s} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{t(`widgets.patientLoad.status.${s}`)}</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
              {rows.filter((r) => r.status === s).reduce((n, r) => n + r.count, 0)}
            </dd>
          </div>
        ))}
      </dl>
    );
  const bySpecialist = new Map<string, { name: string; counts: Record<string, number> }>();
  for (const r of rows) {
    const key = r.specialist?.id ?? '';
    const name = r.specialist?.name ?? t('widgets.patientLoad.unassigned');
    const entry = bySpecialist.get(key) ?? { name, counts: {} };
    entry.counts[r.status] = (entry.counts[r.status] ?? 0) + r.count;
    bySpecialist.set(key, entry);
  }
  return (
    <table className="w-full text-left text-xs sm:text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-2 font-medium">
            {t('widgets.patientLoad.specialist')}
          </th>
          {LOAD_STATUSES.map((s) => (
            <th key={s} scope="col" className="py-2 pr-2 text-right font-medium">
              {t(`widgets.patientLoad.status.${s}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...bySpecialist.entries()].map(([key, { name, counts }]) => (
          <tr key={key} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
              {name}
            </th>
            {LOAD_STATUSES.map((s) => (
              <td key={s} className="py-2 pr-2 text-right tabular-nums">
                {counts[s] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Activity({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (summary.activityCounts)
    return (
      <dl className="grid grid-cols-2 gap-4">
        {summary.activityCounts.map((c) => (
          <div key={c.kind} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{t(`widgets.activity.count.${c.kind}`)}</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{c.count}</dd>
          </div>
        ))}
      </dl>
    );
  const items = summary.activity ?? [];
  if (!items.length) return <Empty>{t('widgets.activity.empty')}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a, n) => (
        <li key={`${a.link}:${a.at}:${n}`} className={ROW}>
          {a.patient ? (
            <span>
              <span className="text-slate-700">{t(`widgets.activity.kind.${a.kind}`)}</span>{' '}
              <Link to={a.link} className={LINK}>
                {a.patient.name}
              </Link>
            </span>
          ) : (
            <Link to={a.link} className={LINK}>
              {a.kind === 'message' && a.actor
                ? t('widgets.activity.messageFrom', { name: a.actor })
                : t(`widgets.activity.kind.${a.kind}`)}
            </Link>
          )}
          <span className="text-sm text-slate-600 tabular-nums">{f.dateTime(a.at)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The widgets this summary has data for, in their default order. */
export function visibleWidgets(summary: DashboardSummary): WidgetId[] {
  const ids: WidgetId[] = [];
  if (summary.alerts) ids.push('alerts');
  if (summary.agenda) ids.push('agenda');
  if (summary.tasks) ids.push('tasks');
  if (summary.patientLoad) ids.push('patientLoad');
  if (summary.activity || summary.activityCounts) ids.push('activity');
  return ids;
}

const TITLES = {
  alerts: 'widgets.alerts.title',
  agenda: 'widgets.agenda.title',
  tasks: 'widgets.tasks.title',
  patientLoad: 'widgets.patientLoad.title',
  activity: 'widgets.activity.title',
} as const;

/** A widget's title for this viewer (a patient reads "your …", a researcher "… by status"). */
export function widgetTitleKey(id: WidgetId, scope: DashboardSummary['scope']) {
  if (scope === 'patient' && id === 'agenda') return 'widgets.agenda.titlePatient' as const;
  if (scope === 'patient' && id === 'tasks') return 'widgets.tasks.titlePatient' as const;
  if (scope === 'research' && id === 'patientLoad')
    return 'widgets.patientLoad.titleResearch' as const;
  if (scope === 'research' && id === 'activity') return 'widgets.activity.titleResearch' as const;
  return TITLES[id];
}

export function WidgetBody({ id, summary }: { id: WidgetId; summary: DashboardSummary }) {
  switch (id) {
    case 'alerts':
      return <Alerts items={summary.alerts ?? []} />;
    case 'agenda':
      return <Agenda items={summary.agenda ?? []} patient={summary.scope === 'patient'} />;
    case 'tasks':
      return <Tasks items={summary.tasks ?? []} />;
    case 'patientLoad':
      return (
        <PatientLoad rows={summary.patientLoad ?? []} research={summary.scope === 'research'} />
      );
    case 'activity':
      return <Activity summary={summary} />;
  }
}
