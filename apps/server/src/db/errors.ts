/** What the database said about a failed statement, however the driver and Drizzle wrapped it. */

/**
 * The constraint a unique violation (SQLSTATE 23505) broke — its name, or '' when the driver did not
 * say — or null when the error is not one. Drizzle wraps the driver's error in `cause`.
 */
export function uniqueViolation(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;
