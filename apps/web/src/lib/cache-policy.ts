/**
 * SPEC §3/§9 cache rules applied to the in-memory query cache: a priority and a lifetime chosen by
 * what the query key contains. Lifetime becomes the query's `staleTime`; critical entries are never
 * garbage-collected while the session lasts (sign-out clears the whole cache).
 */

export const CACHE_PRIORITY = { low: 1, medium: 2, high: 3, critical: 4 } as const;
export type CachePriority = (typeof CACHE_PRIORITY)[keyof typeof CACHE_PRIORITY];

const MINUTE = 60_000;

/** Garbage-collection time of the query client (SPEC §9: kept 30 min). */
export const DEFAULT_GC_TIME = 30 * MINUTE;
/** SPEC §9: default lifetime 5 min. */
export const DEFAULT_LIFETIME = 5 * MINUTE;

/** Checked in order; the first matching rule wins. */
const PRIORITY_RULES: readonly [readonly string[], CachePriority][] = [
  [['profile', 'auth', 'user'], CACHE_PRIORITY.critical],
  [['patient', 'appointment', 'treatment'], CACHE_PRIORITY.high],
  [['message', 'notification', 'task'], CACHE_PRIORITY.medium],
];

const LIFETIME_RULES: readonly [readonly string[], number][] = [
  [['message', 'notification'], 1 * MINUTE],
  [['patient', 'appointment'], 5 * MINUTE],
  [['report', 'template', 'specialist'], 15 * MINUTE],
  [['blog', 'workshop', 'contact'], 60 * MINUTE],
];

/** The text a key is matched on: its string parts, lower-cased (ids and objects are ignored). */
export function keyText(key: readonly unknown[] | string): string {
  if (typeof key === 'string') return key.toLowerCase();
  return key
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .toLowerCase();
}

function firstMatch<T>(text: string, rules: readonly [readonly string[], T][], fallback: T): T {
  for (const [words, value] of rules) {
    if (words.some((w) => text.includes(w))) return value;
  }
  return fallback;
}

export function cachePriority(key: readonly unknown[] | string): CachePriority {
  return firstMatch(keyText(key), PRIORITY_RULES, CACHE_PRIORITY.low);
}

export function cacheLifetime(key: readonly unknown[] | string): number {
  return firstMatch(keyText(key), LIFETIME_RULES, DEFAULT_LIFETIME);
}

/** `staleTime` and `gcTime` for a query key; spread into `queryOptions`. */
export function cachePolicy(key: readonly unknown[]): { staleTime: number; gcTime: number } {
  const staleTime = cacheLifetime(key);
  const gcTime =
    cachePriority(key) === CACHE_PRIORITY.critical
      ? Infinity
      : Math.max(DEFAULT_GC_TIME, staleTime);
  return { staleTime, gcTime };
}
