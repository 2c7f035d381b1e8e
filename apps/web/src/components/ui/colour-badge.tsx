import type { HTMLAttributes } from 'react';
import { COLOUR_CLASSES, DOT_CLASSES, type Colour } from '../../lib/status-colours';
import { cn } from '../../lib/utils';

/** A status or priority badge in one of the SPEC §4 colours; the text carries the meaning. */
export function ColourBadge({
  colour,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { colour: Colour }) {
  return (
    <span
      data-colour={colour}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        COLOUR_CLASSES[colour],
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('h-1.5 w-1.5 shrink-0 rounded-full', DOT_CLASSES[colour])}
      />
      {children}
    </span>
  );
}
