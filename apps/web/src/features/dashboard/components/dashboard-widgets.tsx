/**
 * The live widgets in the viewer's layout (ADR 0020): a saved layout is drawn with plain CSS grid
 * (12 columns from 768 px, one column below, in the layout's reading order). "Arrange" loads the
 * grid-layout library and the editor only then (a dynamic import), so the dashboard's first load
 * does not carry them.
 */
import type { DashboardLayout, DashboardSummary, LayoutSpec } from '@painlab/shared/dashboard';
import { DEFAULT_LAYOUT } from '@painlab/shared/dashboard-constants';
import { lazy, Suspense, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLayouts } from '../api/layouts';
import { useDashboardSummary } from '../api/summary';
import { placements } from '../lib/layout-moves';
import { visibleWidgets, WidgetBody, widgetTitleKey } from './widgets';

const ArrangePanel = lazy(() => import('./arrange-panel'));

function Grid({ summary, layout }: { summary: DashboardSummary; layout: LayoutSpec }) {
  const { t } = useTranslation('dashboard');
  const idBase = useId();
  const items = placements(layout, visibleWidgets(summary));
  return (
    <div className="flex flex-col gap-4 md:grid md:auto-rows-[4.5rem] md:grid-cols-12" data-widgets>
      {items.map((item) => (
        <section
          key={item.i}
          data-widget={item.i}
          aria-labelledby={`${idBase}-${item.i}`}
          style={
            {
              '--c': `${item.x + 1} / span ${item.w}`,
              '--r': `${item.y + 1} / span ${item.h}`,
            } as CSSProperties
          }
          className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm md:[grid-column:var(--c)] md:[grid-row:var(--r)]"
        >
          <h2
            id={`${idBase}-${item.i}`}
            className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900"
          >
            {t(widgetTitleKey(item.i, summary.scope))}
          </h2>
          {/* focusable: on a desktop a long list scrolls inside its widget (keyboard users too) */}
          <div
            tabIndex={0}
            role="group"
            aria-labelledby={`${idBase}-${item.i}`}
            className="min-h-0 flex-1 px-4 pb-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 md:overflow-y-auto"
          >
            <WidgetBody id={item.i} summary={summary} />
          </div>
        </section>
      ))}
    </div>
  );
}

export function DashboardWidgets() {
  const { t } = useTranslation('dashboard');
  const summary = useDashboardSummary();
  const layouts = useLayouts();
  const [chosen, setChosen] = useState<string | null>(null);
  const [arranging, setArranging] = useState(false);
  const selectId = useId();
  const items = layouts.data?.items ?? [];
  const current: DashboardLayout | null =
    items.find((l) => l.id === chosen) ??
    (chosen === 'standard' ? null : (items.find((l) => l.isDefault) ?? null));
  const layout = current?.layout ?? DEFAULT_LAYOUT;

  if (summary.isPending)
    return (
      <div className="mb-10 grid gap-4 md:grid-cols-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('widgets.loading')}
        </span>
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} shape="card" className="h-48" />
        ))}
      </div>
    );
  if (summary.isError || !summary.data)
    return (
      <p role="alert" className="mb-10 text-sm text-red-800">
        {t('widgets.error')}
      </p>
    );

  return (
    <div className="mb-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('layouts.label')}
            </label>
            <Select
              id={selectId}
              value={current?.id ?? 'standard'}
              onChange={(e) => setChosen(e.target.value)}
              disabled={arranging}
            >
              <option value="standard">{t('layouts.standard')}</option>
              {items.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.isDefault ? t('layouts.defaultMark', { name: l.name }) : l.name}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {arranging ? null : (
          <Button variant="secondary" onClick={() => setArranging(true)}>
            {t('layouts.arrange')}
          </Button>
        )}
      </div>
      {arranging ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-slate-600">
              {t('widgets.loading')}
            </p>
          }
        >
          <ArrangePanel
            layout={layout}
            current={current}
            visible={visibleWidgets(summary.data)}
            scope={summary.data.scope}
            onClose={(id) => {
              if (id !== undefined) setChosen(id);
              setArranging(false);
            }}
          />
        </Suspense>
      ) : (
        <Grid summary={summary.data} layout={layout} />
      )}
    </div>
  );
}
