/** Pieces every treatment screen shows the same way: status, a goal with its measure, interventions. */
import { definition, type Language } from '@painlab/clinical';
import type {
  GoalProgress,
  PlanGoal,
  PlanIntervention,
  PlanStatus,
} from '@painlab/shared/treatments';
import { useTranslation } from 'react-i18next';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useFormatters } from '../../../hooks/use-formatters';
import type { Colour } from '../../../lib/status-colours';

const STATUS_COLOUR: Record<PlanStatus, Colour> = {
  draft: 'grey',
  active: 'green',
  completed: 'blue',
  discontinued: 'yellow',
};

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation('treatments');
  return (
    <ColourBadge colour={STATUS_COLOUR[status]} data-testid="plan-status">
      {t(`statuses.${status}`)}
    </ColourBadge>
  );
}

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('es') ? 'es' : 'en';
}

/** "BPI interference below 4" in the UI language. */
export function useMeasureText() {
  const { t } = useTranslation('treatments');
  const language = useLanguage();
  const { number } = useFormatters();
  return (m: NonNullable<PlanGoal['measure']>) => {
    const def = definition(m.instrumentId);
    const sub = def.subscales.find((s) => s.key === m.measure);
    return t('plan.goalMeasure', {
      instrument: def.abbreviation,
      measure: sub ? sub.name[language].toLowerCase() : t('measures.total'),
      comparator: t(`comparators.${m.comparator}`),
      target: number(m.target),
    });
  };
}

export function GoalItem({ goal, progress }: { goal: PlanGoal; progress?: GoalProgress }) {
  const { t } = useTranslation('treatments');
  const { date, number } = useFormatters();
  const measureText = useMeasureText();
  const m = goal.measure;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="plan-goal">
      <p className="font-medium text-slate-900">{goal.text}</p>
      <p className="mt-1 text-sm text-slate-600">
        {m ? measureText(m) : null}
        {m && goal.targetDate ? ' · ' : null}
        {goal.targetDate ? t('plan.targetBy', { date: date(goal.targetDate) }) : null}
      </p>
      {m ? (
        <div className="mt-3">
          <p className="mb-2 flex flex-wrap gap-x-4 text-sm text-slate-700">
            <span>
              {m.baseline === null ? null : t('plan.baseline', { value: number(m.baseline) })}
            </span>
            <span>
              {progress?.latest == null
                ? t('plan.noResult')
                : t('plan.latest', { value: number(progress.latest) })}
            </span>
            {progress?.met ? (
              <span className="font-medium text-emerald-800">{t('plan.met')}</span>
            ) : null}
          </p>
          {progress?.percent != null ? (
            <ProgressBar
              label={t('plan.progress')}
              value={progress.percent}
              valueText={t('plan.goalProgress', { value: progress.percent })}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function InterventionItem({ item }: { item: PlanIntervention }) {
  const { t } = useTranslation('treatments');
  const { date } = useFormatters();
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="plan-intervention">
      <p className="text-xs font-medium tracking-wide text-teal-800 uppercase">
        {t(`kinds.${item.kind}`)}
      </p>
      <p className="mt-1 font-medium text-slate-900">{item.title}</p>
      {item.details ? (
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{item.details}</p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        {t(`frequencies.${item.frequency}`)}
        {item.startsOn ? ` · ${t('plan.from', { date: date(item.startsOn) })}` : null}
        {item.endsOn ? ` · ${t('plan.until', { date: date(item.endsOn) })}` : null}
      </p>
    </li>
  );
}

export function PlanProgressBar({ percent }: { percent: number | null }) {
  const { t } = useTranslation('treatments');
  return percent === null ? (
    <p className="text-sm text-slate-600">{t('plan.noProgress')}</p>
  ) : (
    <ProgressBar
      label={t('plan.progress')}
      value={percent}
      valueText={t('plan.progressValue', { value: percent })}
    />
  );
}
