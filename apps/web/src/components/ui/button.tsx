import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/utils';

const VARIANTS = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  /** A destructive action that should not draw the eye (archive beside the main actions). */
  dangerGhost: 'text-red-800 hover:bg-red-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  link: 'text-teal-800 underline-offset-4 hover:underline',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** Class names of a button, for links styled as buttons. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
    'disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    // A link-styled button has no box of its own: no height or padding from the size.
    variant === 'link' ? 'h-auto px-0 text-sm' : SIZES[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant, size, className, type = 'button', ref, ...props }: ButtonProps) {
  return (
    <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />
  );
}
