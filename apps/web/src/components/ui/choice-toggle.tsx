/**
 * Two or three ways of doing one thing ("by e-mail" / "by phone"), as a row of buttons that are a
 * radio group underneath: a fieldset with its legend, one native radio per choice (arrow keys move
 * between them, the checked one is read out), styled as a segmented control.
 */
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/utils';

export type Choice<T extends string> = { value: T; label: string; icon?: LucideIcon };

export function ChoiceToggle<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  wide,
  className,
}: {
  legend: string;
  /** The radios' `name` (unique on the page). */
  name: string;
  value: T;
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** Fill the width, the choices in equal columns (auth screens). */
  wide?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div
        className={cn(
          'rounded-md border border-slate-300 bg-white p-0.5',
          wide ? 'grid auto-cols-fr grid-flow-col' : 'inline-flex',
        )}
      >
        {options.map(({ value: option, label, icon: Icon }) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center rounded text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-600',
              // wide: the icon above the words, which then have the column's whole width
              wide
                ? 'flex-col justify-center gap-1 px-2 py-2 text-center text-balance'
                : 'gap-1.5 px-3 py-1.5',
              value === option ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {Icon ? <Icon aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
