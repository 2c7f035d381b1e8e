/**
 * One goal's measure over time with its target as a dashed line (uPlot, the questionnaires trend's
 * library, imported only by this lazily loaded module). The canvas is hidden from screen readers:
 * the caption says the same in words.
 */
import { definition } from '@painlab/clinical';
import type { Plan, PlanGoal } from '@painlab/shared/treatments';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useFormatters } from '../../../hooks/use-formatters';
import { useLanguage, useMeasureText } from './plan-parts';

const TEAL = '#0f766e';

export default function ProgressChart({
  goal,
  points,
}: {
  goal: PlanGoal & { measure: NonNullable<PlanGoal['measure']> };
  points: Plan['points'];
}) {
  const { t } = useTranslation('treatments');
  const language = useLanguage();
  const measureText = useMeasureText();
  const { number } = useFormatters();
  const ref = useRef<HTMLDivElement>(null);
  const m = goal.measure;
  const def = definition(m.instrumentId);
  const mine = useMemo(
    () => points.filter((p) => p.instrumentId === m.instrumentId && p.measure === m.measure),
    [points, m.instrumentId, m.measure],
  );
  const max = m.measure === 'total' ? def.total.max : Math.max(10, ...mine.map((p) => p.value));

  useEffect(() => {
    const el = ref.current;
    if (!el || !mine.length) return;
    const xs = mine.map((p) => Date.parse(p.at) / 1000);
    const pad = xs.length > 1 ? Math.max(86_400, (xs.at(-1)! - xs[0]!) * 0.05) : 14 * 86_400;
    const data: uPlot.AlignedData = [xs, mine.map((p) => p.value)];
    const fmt = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    const chart = new uPlot(
      {
        width: Math.max(260, el.clientWidth),
        height: 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // the results' own span, padded (one result alone: a month around it, not years)
          x: { time: true, range: [xs[0]! - pad, xs.at(-1)! + pad] },
          y: { range: [0, max] },
        },
        axes: [{ values: (_u, s) => s.map((v) => fmt.format(new Date(v * 1000))) }, { size: 36 }],
        series: [{}, { stroke: TEAL, width: 2, points: { size: 7, fill: TEAL } }],
        hooks: {
          draw: [
            (u) => {
              const ctx = u.ctx;
              const y = u.valToPos(m.target, 'y', true);
              ctx.save();
              ctx.setLineDash([6, 4]);
              ctx.strokeStyle = '#b45309';
              ctx.beginPath();
              ctx.moveTo(u.bbox.left, y);
              ctx.lineTo(u.bbox.left + u.bbox.width, y);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(260, el.clientWidth), height: 200 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [mine, max, m.target, language]);

  return (
    <figure className="min-w-0" data-testid="progress-chart">
      <div ref={ref} aria-hidden="true" className="w-full overflow-hidden" />
      <figcaption className="mt-1 text-sm text-slate-700">
        {t('mine.chartCaption', {
          name: measureText(m),
          count: mine.length,
          first: mine[0] ? number(mine[0].value) : '—',
          last: mine.at(-1) ? number(mine.at(-1)!.value) : '—',
          target: number(m.target),
        })}
      </figcaption>
    </figure>
  );
}
