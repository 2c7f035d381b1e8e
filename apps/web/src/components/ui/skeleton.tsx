import { cn } from '../../lib/utils';

/** A grey placeholder block of a fixed size, so content arriving later does not move the page. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded bg-slate-200', className)}
    />
  );
}
