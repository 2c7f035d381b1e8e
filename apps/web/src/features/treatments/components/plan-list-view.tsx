import { PLAN_STATUSES, type PlanSummary } from '@painlab/shared/treatments';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatters } from '../../../hooks/use-formatters';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { usePlans } from '../api/treatments-api';
import { filtersFromSearchParams } from '../lib/filters';
import { PlanStatusBadge } from './plan-parts';

/** /treatments: every plan, most recently changed first, filtered by status, search and "mine". */
export function PlanListView() {
  const { t } = useTranslation('treatments');
  const [params, setParams] = useSearchParams();
  const filter = filtersFromSearchParams(params);
  const plans = usePlans(useDeferredValue(filter));
  const [search, setSearch] = useState(filter.q ?? '');

  const update = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const { debounced: debouncedSearch } = useDebouncedCallback(
    (value: string) => update('q', value.trim() || null),
    150,
  );

  const items = plans.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <form
        role="search"
        aria-label={t('list.filters')}
        className="mb-4 grid gap-3 sm:grid-cols-[1fr_200px_auto] sm:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <Label htmlFor="plan-search">{t('list.search')}</Label>
          <Input
            id="plan-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              debouncedSearch(e.target.value);
            }}
          />
        </div>
        <div>
          <Label htmlFor="plan-status">{t('list.status')}</Label>
          <EnumSelect
            id="plan-status"
            options={PLAN_STATUSES}
            labelOf={(s) => t(`statuses.${s}`)}
            placeholder={t('list.anyStatus')}
            value={filter.status ?? ''}
            onChange={(e) => update('status', e.target.value || null)}
          />
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 accent-teal-700"
            checked={filter.mine === 'true'}
            onChange={(e) => update('mine', e.target.checked ? 'true' : null)}
          />
          {t('list.mine')}
        </label>
      </form>
      <p className="mb-4 text-sm text-slate-600">{t('list.newFromPatient')}</p>
      {plans.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('loading')}
        </p>
      ) : plans.isError ? (
        <Alert tone="error">{t('loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('list.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="plan-list">
          {items.map((plan) => (
            <PlanRow key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
      {plans.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={plans.isFetchingNextPage}
          onClick={() => void plans.fetchNextPage()}
        >
          {t('list.more')}
        </Button>
      ) : null}
    </div>
  );
}

function PlanRow({ plan }: { plan: PlanSummary }) {
  const { t } = useTranslation('treatments');
  const { date, dateTime } = useFormatters();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={`/treatments/${plan.id}`}
            className="font-semibold text-teal-800 underline-offset-4 hover:underline"
          >
            {plan.title}
          </Link>
          <p className="text-sm text-slate-700">
            <span className="sr-only">{t('list.patient')}: </span>
            {plan.patient.name}
          </p>
        </div>
        <PlanStatusBadge status={plan.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('list.progress')}</dt>
          <dd className="text-slate-900 tabular-nums" data-testid="plan-progress">
            {plan.progress === null ? '—' : `${plan.progress}%`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('list.review')}</dt>
          <dd className="text-slate-900">{plan.reviewOn ? date(plan.reviewOn) : '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('list.updated')}</dt>
          <dd className="text-slate-900">{dateTime(plan.updatedAt)}</dd>
        </div>
      </dl>
    </li>
  );
}
