import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve Tailwind conflicts: a component offers props (size,
 * shape, variant) instead of letting callers override its classes, and `class-conflicts.test.ts`
 * fails on any pair of joined classes that set the same property.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
