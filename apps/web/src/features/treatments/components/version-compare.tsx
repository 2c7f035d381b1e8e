/**
 * Two versions of a plan side by side: which top-level fields changed, and for the lists (problems,
 * goals, interventions, matched by their ids) what was added, removed or changed, before and after.
 */
import {
  changedFields,
  diffItems,
  type ListChange,
  type Plan,
  type PlanContent,
} from '@painlab/shared/treatments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { useVersion } from '../api/treatments-api';
import { useMeasureText } from './plan-parts';

type Item = { id: string } & Record<string, unknown>;

export function VersionCompare({ plan }: { plan: Plan }) {
  const { t } = useTranslation('treatments');
  const base = useId();
  const versions = plan.history.map((h) => h.version);
  const [from, setFrom] = useState(versions.at(-2) ?? versions[0]!);
  const [to, setTo] = useState(versions.at(-1)!);
  const a = useVersion(plan.id, from);
  const b = useVersion(plan.id, to);

  const pick = (id: string, label: string, value: number, set: (v: number) => void) => (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => set(Number(e.target.value))}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {t('plan.version', { version: v })}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <section aria-labelledby={`${base}-title`} className="mt-4" data-testid="version-compare">
      <h3 id={`${base}-title`} className="text-base font-semibold text-slate-900">
        {t('history.compare')}
      </h3>
      <div className="mt-2 grid max-w-md grid-cols-2 gap-3">
        {pick(`${base}-from`, t('history.from'), from, setFrom)}
        {pick(`${base}-to`, t('history.to'), to, setTo)}
      </div>
      <div aria-live="polite" className="mt-3">
        {from === to ? (
          <p className="text-sm text-slate-600">{t('history.same')}</p>
        ) : a.data && b.data ? (
          <Differences before={a.data.content} after={b.data.content} />
        ) : a.isError || b.isError ? (
          <p className="text-sm text-red-700">{t('loadFailed')}</p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t('loading')}
          </p>
        )}
      </div>
    </section>
  );
}

function Differences({ before, after }: { before: PlanContent; after: PlanContent }) {
  const { t } = useTranslation('treatments');
  const { date } = useFormatters();
  const measureText = useMeasureText();
  const fields = changedFields(before, after);
  if (!fields.length) return <p className="text-sm text-slate-600">{t('history.noChanges')}</p>;

  const describe = (field: string, item: Item): string => {
    if (field === 'problems') return String(item.text);
    if (field === 'goals') {
      const goal = item as unknown as PlanContent['goals'][number];
      return [
        goal.text,
        goal.measure ? measureText(goal.measure) : null,
        goal.targetDate ? date(goal.targetDate) : null,
      ]
        .filter(Boolean)
        .join(' · ');
    }
    const i = item as unknown as PlanContent['interventions'][number];
    return [t(`kinds.${i.kind}`), i.title, t(`frequencies.${i.frequency}`), i.details]
      .filter(Boolean)
      .join(' · ');
  };
  const scalar = (field: string, value: unknown) =>
    value == null || value === ''
      ? '—'
      : field === 'startsOn' || field === 'reviewOn'
        ? date(String(value))
        : Array.isArray(value)
          ? String(value.length)
          : String(value);

  return (
    <dl className="flex flex-col gap-4">
      {fields.map((field) => {
        const label = t(`history.fields.${field as 'title'}`);
        if (field === 'problems' || field === 'goals' || field === 'interventions') {
          const changes = diffItems(
            before[field] as unknown as Item[],
            after[field] as unknown as Item[],
          );
          return (
            <div key={field} data-testid={`diff-${field}`}>
              <dt className="font-medium text-slate-900 capitalize">{label}</dt>
              <dd>
                <ul className="mt-1 flex flex-col gap-2">
                  {changes.map((c, n) => (
                    <Change key={n} change={c} describe={(i) => describe(field, i)} />
                  ))}
                </ul>
              </dd>
            </div>
          );
        }
        const fieldKey = field as keyof PlanContent;
        return (
          <div key={field} data-testid={`diff-${field}`}>
            <dt className="font-medium text-slate-900 capitalize">{label}</dt>
            <dd className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
              <span className="rounded bg-red-50 px-2 py-1 text-red-900">
                <span className="font-medium">{t('history.before')}: </span>
                <del>{scalar(field, before[fieldKey])}</del>
              </span>
              <span className="rounded bg-emerald-50 px-2 py-1 text-emerald-900">
                <span className="font-medium">{t('history.after')}: </span>
                <ins className="no-underline">{scalar(field, after[fieldKey])}</ins>
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Change({ change, describe }: { change: ListChange<Item>; describe: (i: Item) => string }) {
  const { t } = useTranslation('treatments');
  if (change.kind === 'added')
    return (
      <li className="rounded bg-emerald-50 px-2 py-1 text-sm text-emerald-900">
        <span className="font-medium">{t('history.added')}: </span>
        <ins className="no-underline">{describe(change.after)}</ins>
      </li>
    );
  if (change.kind === 'removed')
    return (
      <li className="rounded bg-red-50 px-2 py-1 text-sm text-red-900">
        <span className="font-medium">{t('history.removed')}: </span>
        <del>{describe(change.before)}</del>
      </li>
    );
  return (
    <li className="rounded bg-amber-50 px-2 py-1 text-sm text-amber-950">
      <span className="font-medium">{t('history.changedItem')}: </span>
      <del>{describe(change.before)}</del> →{' '}
      <ins className="no-underline">{describe(change.after)}</ins>
    </li>
  );
}
