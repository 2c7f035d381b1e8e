/**
 * The list's filters live in the page URL. The search box has its own text: it is written to the
 * URL (and so to the query key) only after the user stops typing for `SEARCH_DEBOUNCE_MS`, so there
 * is no request per keystroke.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import {
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  MAX_SEARCH_LENGTH,
  type PatientListFilters,
} from '../lib/list-filters';

/**
 * Short enough that results follow the last keystroke within the budget (issue 8: ≤ 300 ms), long
 * enough that a typed word is one request; a stale request is cancelled by the query client when its
 * key loses its last observer, and the previous results stay on screen meanwhile.
 */
export const SEARCH_DEBOUNCE_MS = 150;

export function useListFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const [searchText, setSearchText] = useState(filters.q);
  const [syncedQ, setSyncedQ] = useState(filters.q);
  // The last text this box wrote to the URL: its arrival there must not overwrite what the user has
  // typed since.
  const [committedQ, setCommittedQ] = useState<string | null>(null);

  // The URL's text changed by other means (back button, a link, "Clear filters"): show it.
  if (syncedQ !== filters.q) {
    setSyncedQ(filters.q);
    if (filters.q !== committedQ) {
      setSearchText(filters.q);
      setCommittedQ(null);
    }
  }

  const setFilters = useCallback(
    (update: (current: PatientListFilters) => PatientListFilters) => {
      setSearchParams((params) => filtersToSearchParams(update(filtersFromSearchParams(params))), {
        replace: true,
      });
    },
    [setSearchParams],
  );

  // A search committed while the user is already leaving (a click on a row while the text was
  // being typed) would navigate back to the list: drop it.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = target !== undefined && target !== pathname;
  }, [target, pathname]);

  const { debounced: commitSearch, cancel } = useDebouncedCallback((q: string) => {
    if (leaving.current) return;
    // The URL keeps the text trimmed ("Ana " while typing "Ana María" is sent as "Ana").
    setCommittedQ(q.trim());
    setFilters((current) => ({ ...current, q }));
  }, SEARCH_DEBOUNCE_MS);

  const onSearchChange = useCallback(
    (text: string) => {
      const value = text.slice(0, MAX_SEARCH_LENGTH);
      setSearchText(value);
      commitSearch(value);
    },
    [commitSearch],
  );

  const clearAll = useCallback(() => {
    cancel();
    setSearchText('');
    setFilters((current) => ({ ...EMPTY_FILTERS, sort: current.sort }));
  }, [cancel, setFilters]);

  return { filters, setFilters, searchText, onSearchChange, clearAll };
}
