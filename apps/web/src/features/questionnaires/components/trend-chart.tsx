/**
 * One instrument's totals over time (uPlot: a small, canvas chart library, imported only by this
 * lazily loaded module), with the band thresholds drawn as dashed lines and labelled. The chart is
 * a picture for sighted users: the same figures are in the table beside it, which screen readers
 * read instead (`aria-hidden` on the canvas, a text summary as its label).
 */
import { definition, type Language } from '@painlab/clinical';
import type { InstrumentSeries } from '@painlab/shared/questionnaires';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const TEAL = '#0f766e';
const SUBSCALE = '#7c3aed';

export default function TrendChart({
  series,
  language,
}: {
  series: InstrumentSeries;
  language: Language;
}) {
  const { t } = useTranslation('questionnaires');
  const ref = useRef<HTMLDivElement>(null);
  const def = definition(series.instrumentId);
  const scorable = useMemo(() => series.results.filter((r) => r.total !== null), [series]);
  // BPI: interference beside severity; other instruments: the total alone
  const extra = def.subscales.find((s) => s.key === 'interference');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = scorable.map((r) => Date.parse(r.submittedAt) / 1000);
    const totals = scorable.map((r) => r.total);
    const data: uPlot.AlignedData = extra
      ? [xs, totals, scorable.map((r) => r.subscales[extra.key] ?? null)]
      : [xs, totals];
    const thresholds = def.bands.filter((b) => b.min > def.total.min).map((b) => b);
    const fmt = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: 220,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { y: { range: [def.total.min, def.total.max] } },
      axes: [
        { values: (_u, splits) => splits.map((s) => fmt.format(new Date(s * 1000))) },
        { size: 40 },
      ],
      series: [
        {},
        {
          label: `${def.abbreviation} ${t('results.total').toLowerCase()}`,
          stroke: TEAL,
          width: 2,
          points: { size: 7, fill: TEAL },
        },
        ...(extra
          ? [
              {
                label: extra.name[language],
                stroke: SUBSCALE,
                width: 2,
                dash: [4, 3],
                points: { size: 6, fill: SUBSCALE },
              },
            ]
          : []),
      ],
      hooks: {
        draw: [
          (u) => {
            const ctx = u.ctx;
            ctx.save();
            ctx.setLineDash([6, 4]);
            ctx.lineWidth = 1;
            ctx.strokeStyle = '#b45309';
            ctx.fillStyle = '#92400e';
            ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`;
            ctx.textAlign = 'left';
            ctx.textBaseline = 'bottom';
            for (const band of thresholds) {
              const y = u.valToPos(band.min, 'y', true);
              ctx.beginPath();
              ctx.moveTo(u.bbox.left, y);
              ctx.lineTo(u.bbox.left + u.bbox.width, y);
              ctx.stroke();
              ctx.fillText(
                `${band.label[language]} ≥ ${band.min}`,
                u.bbox.left + 4 * devicePixelRatio,
                y - 3 * devicePixelRatio,
              );
            }
            ctx.restore();
          },
        ],
      },
    };
    const chart = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, el.clientWidth), height: 220 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [scorable, extra, def, language, t]);

  const first = scorable[0]?.total;
  const last = scorable.at(-1)?.total;
  return (
    <figure className="mt-4 min-w-0">
      <div
        ref={ref}
        aria-hidden="true"
        className="w-full overflow-hidden"
        data-testid={`trend-${series.instrumentId}`}
      />
      <figcaption className="mt-1 text-xs text-slate-600">
        {t('results.trendCaption', {
          name: def.abbreviation,
          count: scorable.length,
          first: first ?? '—',
          last: last ?? '—',
        })}
      </figcaption>
    </figure>
  );
}
