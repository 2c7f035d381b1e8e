import { cn } from '../../lib/utils';

const SIZES = { xs: 'h-3 w-3', sm: 'h-4 w-4', md: 'h-5 w-5' } as const;

/** A decorative spinner; the surrounding text says what is happening. */
export function Spinner({
  size = 'md',
  className,
}: {
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-2 border-teal-600 border-t-transparent',
        SIZES[size],
        className,
      )}
    />
  );
}
