/**
 * "Arrange" mode (ADR 0020), loaded only when the user asks for it: react-grid-layout for dragging
 * and resizing with the pointer, and a handle per widget for the keyboard (arrows swap it with its
 * neighbour, Shift + arrows resize it; each change is announced). Save (this layout or a new one),
 * open first by default, reset to the standard layout, delete.
 */
import type {
  DashboardLayout,
  DashboardSummary,
  LayoutSpec,
  UpdateLayout,
} from '@painlab/shared/dashboard';
import {
  DEFAULT_LAYOUT,
  GRID_COLUMNS,
  LAYOUT_NAME_MAX,
  LAYOUT_SCHEMA_VERSION,
  type LayoutItem,
  type WidgetId,
} from '@painlab/shared/dashboard-constants';
import { GripVertical } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteLayout, useSaveLayout } from '../api/layout-mutations';
import { moveWidget, placements, resizeWidget, type Direction } from '../lib/layout-moves';
import { widgetTitleKey } from './widgets';

const KEYS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

const compact = (items: LayoutItem[]) =>
  verticalCompactor.compact(items, GRID_COLUMNS) as LayoutItem[];

export default function ArrangePanel({
  layout,
  current,
  visible,
  scope,
  onClose,
}: {
  layout: LayoutSpec;
  current: DashboardLayout | null;
  visible: WidgetId[];
  scope: DashboardSummary['scope'];
  /** Leave arrange mode; with an id (or 'standard'), show that layout. */
  onClose: (show?: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const ids = useId();
  const [items, setItems] = useState<LayoutItem[]>(() => compact(placements(layout, visible)));
  const [name, setName] = useState(current?.name ?? '');
  const [isDefault, setIsDefault] = useState(current?.isDefault ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { width, containerRef, mounted } = useContainerWidth();
  const save = useSaveLayout();
  const remove = useDeleteLayout();
  const title = (id: WidgetId) => t(widgetTitleKey(id, scope));

  const announce = (next: LayoutItem[], id: WidgetId) => {
    const item = next.find((i) => i.i === id);
    if (item)
      setAnnouncement(
        t('arrange.moved', {
          name: title(id),
          x: item.x + 1,
          y: item.y + 1,
          w: item.w,
          h: item.h,
        }),
      );
  };

  const onHandleKey = (event: KeyboardEvent, id: WidgetId) => {
    const dir = KEYS[event.key];
    if (!dir) return;
    event.preventDefault();
    const next = compact(
      event.shiftKey ? resizeWidget(items, id, dir) : moveWidget(items, id, dir),
    );
    setItems(next);
    announce(next, id);
  };

  const spec = (): LayoutSpec => ({
    version: LAYOUT_SCHEMA_VERSION,
    columns: GRID_COLUMNS,
    items: items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
  });

  const submit = (asNew: boolean) => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('arrange.nameRequired'));
      document.getElementById(`${ids}-name`)?.focus();
      return;
    }
    setNameError(null);
    const update: UpdateLayout = {
      name: trimmed,
      layout: spec(),
      isDefault,
      version: current?.version ?? 1,
    };
    save.mutate(
      !asNew && current
        ? { id: current.id, body: update }
        : { id: null, body: { name: trimmed, layout: spec(), isDefault } },
      {
        onSuccess: (saved) => {
          toast.success(t('arrange.saved'));
          onClose(saved.id);
        },
        onError: (error) => {
          const taken =
            isApiError(error, 400) &&
            error.details?.some((d) => d.path === 'name' && d.message === 'name_taken');
          if (taken) {
            setNameError(t('arrange.nameTaken'));
            document.getElementById(`${ids}-name`)?.focus();
          }
          toast.error(isApiError(error, 409) ? t('arrange.conflict') : t('arrange.failed'));
        },
      },
    );
  };

  return (
    <div className="rounded-xl border border-teal-200 bg-teal-50/40 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('arrange.title')}</h2>
      <p id={`${ids}-help`} className="mt-1 text-sm text-slate-700">
        {t('arrange.help')}
      </p>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      <div ref={containerRef} className="mt-4" data-arrange-grid>
        {mounted ? (
          <ReactGridLayout
            width={width}
            layout={items}
            gridConfig={{ cols: GRID_COLUMNS, rowHeight: 40, margin: [12, 12] }}
            dragConfig={{ enabled: true, handle: '.widget-handle' }}
            resizeConfig={{ enabled: true }}
            compactor={verticalCompactor}
            onLayoutChange={(next) =>
              setItems(
                next.map(({ i, x, y, w, h }) => ({
                  i: i as WidgetId,
                  x,
                  y,
                  w: Math.max(2, w),
                  h: Math.max(2, h),
                })),
              )
            }
          >
            {items.map((item) => (
              <div
                key={item.i}
                data-arrange-widget={item.i}
                className="flex flex-col rounded-xl border border-slate-300 bg-white shadow-sm"
              >
                <div className="flex items-center gap-2 border-b border-slate-100 p-2">
                  <button
                    type="button"
                    className="widget-handle flex min-h-10 min-w-10 cursor-grab items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                    aria-label={t('arrange.handle', { name: title(item.i) })}
                    aria-describedby={`${ids}-help`}
                    onKeyDown={(e) => onHandleKey(e, item.i)}
                  >
                    <GripVertical aria-hidden="true" className="h-5 w-5" />
                  </button>
                  <span className="truncate font-semibold text-slate-900">{title(item.i)}</span>
                </div>
                <p className="p-3 text-sm text-slate-600">
                  {t('arrange.size', { w: item.w, h: item.h })}
                </p>
              </div>
            ))}
          </ReactGridLayout>
        ) : null}
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,20rem)_1fr] md:items-end">
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('arrange.name')}
          </label>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={LAYOUT_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids}-name-error` : undefined}
          />
          {nameError ? (
            <p id={`${ids}-name-error`} className="mt-1 text-sm text-red-800">
              {nameError}
            </p>
          ) : null}
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-teal-700"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.target.checked)}
          />
          {t('arrange.setDefault')}
        </label>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {current ? (
          <Button onClick={() => submit(false)} disabled={save.isPending}>
            {t('arrange.save')}
          </Button>
        ) : null}
        <Button
          variant={current ? 'secondary' : 'primary'}
          onClick={() => submit(true)}
          disabled={save.isPending}
        >
          {t('arrange.saveAsNew')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setItems(compact(placements(DEFAULT_LAYOUT, visible)));
            setAnnouncement(t('arrange.resetDone'));
          }}
        >
          {t('arrange.reset')}
        </Button>
        {current ? (
          <Button
            variant="dangerGhost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(current.id, {
                onSuccess: () => {
                  toast.success(t('arrange.deleted'));
                  onClose('standard');
                },
                onError: () => toast.error(t('arrange.failed')),
              })
            }
          >
            {t('arrange.delete')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onClose()}>
          {t('arrange.cancel')}
        </Button>
      </div>
    </div>
  );
}
