import { cn } from '../../lib/utils';

/** The corner radius of what the placeholder stands for. */
const SHAPES = {
  text: 'rounded',
  field: 'rounded-md',
  panel: 'rounded-lg',
  card: 'rounded-xl',
  pill: 'rounded-full',
} as const;

export type SkeletonShape = keyof typeof SHAPES;

/** A grey placeholder block of a fixed size, so content arriving later does not move the page. */
export function Skeleton({
  shape = 'text',
  className,
}: {
  shape?: SkeletonShape;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse bg-slate-200', SHAPES[shape], className)}
    />
  );
}
