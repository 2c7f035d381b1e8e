import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
};

/** A native select, styled like the inputs (native pickers work best on phones and with screen readers). */
export function Select({ className, ref, ...props }: SelectProps) {
  return (
    <select
      ref={ref}
      className={cn(
        'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
        'focus-visible:border-teal-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-600/40',
        'aria-invalid:border-red-600 disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
