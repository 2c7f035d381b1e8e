/**
 * The patient list's filters: read from and written to the page URL (so a filtered list can be
 * shared and the back button works) and turned into the API query string of `GET /api/patients`
 * and `GET /api/patients/export.csv`.
 */
import {
  CATEGORIES,
  LIMITS,
  PATIENT_SORTS,
  PRIORITIES,
  STATUSES,
  type PatientSort,
} from '@painlab/shared/patients-constants';

/** The multiple-choice filters of the list and the values each offers, in the order of the enums. */
export const CHOICE_FILTERS = {
  category: CATEGORIES,
  priority: PRIORITIES,
  status: STATUSES,
} as const;
export type ChoiceFilter = keyof typeof CHOICE_FILTERS;
export const CHOICE_FILTER_NAMES = Object.keys(CHOICE_FILTERS) as ChoiceFilter[];

type ChoiceValues = { [K in ChoiceFilter]: (typeof CHOICE_FILTERS)[K][number][] };

export type PatientListFilters = { q: string } & ChoiceValues & {
    specialistId: string;
    sort: PatientSort;
  };

/** Every choice filter, with the values `valuesOf` gives for it. */
function choices(valuesOf: (name: ChoiceFilter) => string[]): ChoiceValues {
  return Object.fromEntries(
    CHOICE_FILTER_NAMES.map((name) => [name, valuesOf(name)]),
  ) as ChoiceValues;
}

export const DEFAULT_SORT: PatientSort = 'name';
export const PAGE_SIZE = 50;
/** Longest search text the API accepts. */
export const MAX_SEARCH_LENGTH = LIMITS.name;

export const EMPTY_FILTERS: PatientListFilters = {
  q: '',
  ...choices(() => []),
  specialistId: '',
  sort: DEFAULT_SORT,
};

/** Known values only, each once, in the order of the enum (a stable query key). */
function pick<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map((v) => v.trim()));
  return allowed.filter((v) => wanted.has(v));
}

export function filtersFromSearchParams(params: URLSearchParams): PatientListFilters {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    ...choices((name) => pick(params.get(name), CHOICE_FILTERS[name])),
    specialistId: (params.get('specialistId') ?? '').slice(0, 100),
    sort: (PATIENT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as PatientSort)
      : DEFAULT_SORT,
  };
}

function entries(
  filters: PatientListFilters,
  { withDefaultSort }: { withDefaultSort: boolean },
): [string, string][] {
  const out: [string, string][] = [];
  const q = filters.q.trim();
  if (q) out.push(['q', q]);
  for (const name of CHOICE_FILTER_NAMES)
    if (filters[name].length) out.push([name, filters[name].join(',')]);
  if (filters.specialistId) out.push(['specialistId', filters.specialistId]);
  // With a search text the API orders by relevance and ignores `sort`.
  if (!q && (withDefaultSort || filters.sort !== DEFAULT_SORT)) out.push(['sort', filters.sort]);
  return out;
}

/** The page URL's search params: defaults are left out. */
export function filtersToSearchParams(filters: PatientListFilters): URLSearchParams {
  return new URLSearchParams(entries(filters, { withDefaultSort: false }));
}

/** The API query string (with its `?`, or '' when empty): filters, then `cursor` and `limit`. */
export function patientListSearch(
  filters: PatientListFilters,
  page: { cursor?: string | null; limit?: number } = {},
): string {
  const params = new URLSearchParams(entries(filters, { withDefaultSort: true }));
  if (page.cursor) params.set('cursor', page.cursor);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether anything narrows the list (the sort order does not). */
export function hasActiveFilters(filters: PatientListFilters): boolean {
  return Boolean(
    filters.q.trim() ||
    CHOICE_FILTER_NAMES.some((name) => filters[name].length) ||
    filters.specialistId,
  );
}

export function toggleValue<T extends string>(
  values: readonly T[],
  value: T,
  allowed: readonly T[],
): T[] {
  const next = new Set(values);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return allowed.filter((v) => next.has(v));
}
