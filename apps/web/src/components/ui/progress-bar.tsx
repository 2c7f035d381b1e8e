import { cn } from '../../lib/utils';

type ProgressBarProps = {
  label: string;
  /** 0–100; `null` for indeterminate progress (the amount is not known). */
  value: number | null;
  className?: string;
  /** Shown next to the label (e.g. "1,234 rows"). */
  valueText?: string;
};

/** A progress bar with a visible label; indeterminate when `value` is null. */
export function ProgressBar({ label, value, className, valueText }: ProgressBarProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-700">{label}</span>
        {valueText ? <span className="text-slate-600 tabular-nums">{valueText}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={clamped === null ? undefined : 0}
        aria-valuemax={clamped === null ? undefined : 100}
        aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
        aria-valuetext={valueText}
        className="relative h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {clamped === null ? (
          <span className="absolute inset-y-0 left-0 w-1/3 animate-[progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-teal-600" />
        ) : (
          <span
            className="block h-full rounded-full bg-teal-600 transition-[width]"
            style={{ width: `${clamped}%` }}
          />
        )}
      </div>
    </div>
  );
}
