import { cn } from '../../lib/utils';

/** A decorative spinner; the surrounding text says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-5 w-5 animate-spin rounded-full border-2 border-teal-600 border-t-transparent',
        className,
      )}
    />
  );
}
