/**
 * The chart's questionnaires tab (staff): assign an instrument once or on a schedule, the open
 * assignments (each can be entered from paper), and the results per instrument with the change
 * since the first one and a trend chart (uPlot, loaded only here).
 */
import { DEFINITIONS, definition, type Language } from '@painlab/clinical';
import {
  createScheduleSchema,
  type InstrumentId,
  type InstrumentSeries,
  type MeasureChange,
  type QuestionnaireSchedule,
} from '@painlab/shared/questionnaires';
import { ClipboardList, RotateCw } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, useFieldMessage } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../hooks/use-formatters';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAssign, useOverview, useStopSchedule } from '../api/questionnaires-api';
import { ScoreSummary } from './score-summary';

const TrendChart = lazy(() => import('./trend-chart'));

const today = () => new Date().toISOString().slice(0, 10);

function AssignForm({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const message = useFieldMessage();
  const assign = useAssign(patientId);
  const [instrumentId, setInstrumentId] = useState<InstrumentId>('bpi');
  const [repeat, setRepeat] = useState(false);
  const [every, setEvery] = useState('4');
  const [unit, setUnit] = useState<'weeks' | 'months'>('weeks');
  const [startsOn, setStartsOn] = useState(today);
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createScheduleSchema.safeParse({
      instrumentId,
      everyWeeks: repeat && unit === 'weeks' ? Number(every) : null,
      everyMonths: repeat && unit === 'months' ? Number(every) : null,
      startsOn,
      until: repeat && until ? until : null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    assign.mutate(parsed.data, {
      onSuccess: (out) =>
        toast.success(
          out.released.length
            ? t('assign.assignedNow', { name: definition(instrumentId).abbreviation })
            : t('assign.scheduled', { name: definition(instrumentId).abbreviation }),
        ),
      onError: (error) => {
        if (error instanceof ApiError && error.details)
          setErrors(Object.fromEntries(error.details.map((d) => [d.path, d.message])));
        toast.error(error instanceof ApiError ? error.message : t('assign.failed'));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="assign-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="assign-title" className="text-base font-semibold text-slate-900">
        {t('assign.title')}
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField id="q-instrument" label={t('assign.instrument')} required>
          {(control) => (
            <Select
              {...control}
              value={instrumentId}
              onChange={(e) => setInstrumentId(e.target.value as InstrumentId)}
            >
              {DEFINITIONS.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.abbreviation} — {d.name[language]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="q-starts"
          label={t('assign.startsOn')}
          error={message(errors.startsOn)}
          hint={t('assign.startsOnHint')}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value)}
            />
          )}
        </FormField>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">{t('assign.frequency')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name="q-repeat"
                checked={!repeat}
                onChange={() => setRepeat(false)}
                className="h-5 w-5 accent-teal-700"
              />
              {t('assign.once')}
            </label>
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="radio"
                name="q-repeat"
                checked={repeat}
                onChange={() => setRepeat(true)}
                className="h-5 w-5 accent-teal-700"
              />
              {t('assign.repeat')}
            </label>
          </div>
        </fieldset>
        {repeat && (
          <>
            <div className="grid grid-cols-2 gap-3">
              <FormField
                id="q-every"
                label={t('assign.every')}
                error={message(errors.everyWeeks ?? errors.everyMonths)}
                required
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={unit === 'weeks' ? 52 : 12}
                    value={every}
                    onChange={(e) => setEvery(e.target.value)}
                  />
                )}
              </FormField>
              <FormField
                id="q-unit"
                label={t('assign.unit')}
                hint={unit === 'months' ? t('assign.monthsHint') : undefined}
                required
              >
                {(control) => (
                  <Select
                    {...control}
                    value={unit}
                    onChange={(e) => setUnit(e.target.value as 'weeks' | 'months')}
                  >
                    <option value="weeks">{t('assign.weeks')}</option>
                    <option value="months">{t('assign.months')}</option>
                  </Select>
                )}
              </FormField>
            </div>
            <FormField
              id="q-until"
              label={t('assign.until')}
              error={message(errors.until)}
              hint={t('assign.untilHint')}
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={until}
                  onChange={(e) => setUntil(e.target.value)}
                />
              )}
            </FormField>
          </>
        )}
      </div>
      <Button type="submit" className="mt-4" disabled={assign.isPending}>
        <ClipboardList aria-hidden="true" className="h-4 w-4" />
        {t('assign.submit')}
      </Button>
    </form>
  );
}

function ChangeFlags({
  change,
  instrumentId,
}: {
  change: MeasureChange[];
  instrumentId: InstrumentId;
}) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const def = definition(instrumentId);
  const nameOf = (measure: string) =>
    measure === 'total'
      ? t('results.total')
      : (def.subscales.find((s) => s.key === measure)?.name[language] ?? measure);
  const format = useFormatters();
  const rows = change.filter((m) => m.difference !== null);
  if (!rows.length) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="change-flags">
      {rows.map((m) => (
        <li key={m.measure} className="text-slate-700">
          <span className="font-medium">{nameOf(m.measure)}:</span>{' '}
          {t(`change.${m.direction ?? 'unchanged'}`)} ({m.difference! > 0 ? '+' : ''}
          {format.number(m.difference!)}
          {m.percentImprovement !== null && `, ${format.number(m.percentImprovement)} %`})
          {m.assessments.map((a, i) =>
            a.kind === 'percent' ? (
              a.level === 'moderate' || a.level === 'substantial' ? (
                <span
                  key={i}
                  className="ml-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900"
                >
                  {t(`change.immpact.${a.level}`)}
                </span>
              ) : null
            ) : a.important ? (
              <span
                key={i}
                className="ml-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900"
              >
                {t('change.mcid', { points: a.mcid })}
              </span>
            ) : null,
          )}
        </li>
      ))}
    </ul>
  );
}

function SeriesCard({ series }: { series: InstrumentSeries }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const format = useFormatters();
  const def = definition(series.instrumentId);
  const latest = series.results.at(-1)!;
  const titleId = `series-${series.instrumentId}`;
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`series-${series.instrumentId}`}
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {def.abbreviation} — {def.name[language]}
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        {t('results.latest', { date: format.dateTime(latest.submittedAt) })} ·{' '}
        {t(`source.${latest.source}`)}
      </p>
      <div className="mt-3">
        <ScoreSummary result={latest} />
      </div>
      {series.change && <ChangeFlags change={series.change} instrumentId={series.instrumentId} />}
      {series.results.length > 1 && (
        <Suspense fallback={<Skeleton shape="panel" className="mt-4 h-56" />}>
          <TrendChart series={series} language={language} />
        </Suspense>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-teal-800">
          {t('results.table', { count: series.results.length })}
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">
            {t('results.tableCaption', { name: def.abbreviation })}
          </caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('results.date')}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                {t('results.total')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('results.band')}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.results.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">{format.dateTime(r.submittedAt)}</td>
                <td className="py-1 pr-3">
                  {r.total === null ? t('results.unscorable') : format.number(r.total)}
                </td>
                <td className="py-1">{r.band?.label[language] ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Schedules({
  patientId,
  schedules,
}: {
  patientId: string;
  schedules: QuestionnaireSchedule[];
}) {
  const { t } = useTranslation('questionnaires');
  const format = useFormatters();
  const stop = useStopSchedule(patientId);
  const active = schedules.filter((s) => s.status === 'active' && (s.everyWeeks || s.everyMonths));
  if (!active.length) return null;
  return (
    <section aria-labelledby="schedules-title">
      <h3 id="schedules-title" className="text-base font-semibold text-slate-900">
        {t('schedules.title')}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {active.map((s) => {
          const name = definition(s.instrumentId).abbreviation;
          return (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
            >
              <span>
                <span className="font-medium">{name}</span> ·{' '}
                {s.everyMonths
                  ? t('schedules.everyMonths', { count: s.everyMonths })
                  : t('schedules.every', { count: s.everyWeeks ?? 0 })}
                {s.until ? ` · ${t('schedules.until', { date: format.date(s.until) })}` : ''}
                {s.nextDueOn ? ` · ${t('schedules.next', { date: format.date(s.nextDueOn) })}` : ''}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={stop.isPending}
                onClick={() =>
                  stop.mutate(s.id, {
                    onSuccess: () => toast.success(t('schedules.stopped', { name })),
                    onError: (error) =>
                      toast.error(
                        error instanceof ApiError ? error.message : t('schedules.stopFailed'),
                      ),
                  })
                }
              >
                {t('schedules.stop')}
                <span className="sr-only"> {name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function QuestionnairesTab({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language: Language = i18n.resolvedLanguage?.startsWith('es') ? 'es' : 'en';
  const format = useFormatters();
  const overview = useOverview(patientId);

  return (
    <div className="flex flex-col gap-6" data-testid="questionnaires-tab">
      <AssignForm patientId={patientId} />
      {overview.isPending ? (
        <Skeleton shape="card" className="h-40" />
      ) : overview.isError ? (
        <Alert tone="error">
          <p>{t('results.loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void overview.refetch()}
          >
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('results.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <Schedules patientId={patientId} schedules={overview.data.schedules} />
          <section aria-labelledby="open-title">
            <h3 id="open-title" className="text-base font-semibold text-slate-900">
              {t('open.title')}
            </h3>
            {overview.data.open.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('open.none')}</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {overview.data.open.map((a) => (
                  <li
                    key={a.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
                  >
                    <span>
                      <span className="font-medium">{definition(a.instrumentId).abbreviation}</span>{' '}
                      — {definition(a.instrumentId).name[language]} ·{' '}
                      {t('open.due', { date: format.date(a.dueOn) })}
                    </span>
                    <Link
                      to={`/questionnaires/${encodeURIComponent(a.id)}`}
                      className="font-medium text-teal-800 underline-offset-4 hover:underline"
                    >
                      {t('open.enterFromPaper')}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="results-title">
            <h3 id="results-title" className="text-base font-semibold text-slate-900">
              {t('results.title')}
            </h3>
            {overview.data.series.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('results.none')}</p>
            ) : (
              <div className="mt-2 grid gap-4 xl:grid-cols-2">
                {overview.data.series.map((s) => (
                  <SeriesCard key={s.instrumentId} series={s} />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
