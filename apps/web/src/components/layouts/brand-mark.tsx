import { cn } from '../../lib/utils';

/** The clinic's mark (decorative; the clinic name is always written next to it or given as text). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('h-8 w-8', className)}>
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path
        d="M18 34h8l4-10 6 20 4-10h6"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
