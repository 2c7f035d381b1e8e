import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, NetworkError } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** The namespaces that hold a keyset list's texts. */
export type KeysetListNamespace = 'auditLogs' | 'outbox';

/** What a keyset-paged list needs from its infinite query (TanStack Query's result has all of it). */
export interface KeysetQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * The states of a list loaded one keyset page at a time ("Load more" passes the cursor back): loading,
 * a load failure with a retry (the API's own message for a 4xx, a network or generic text otherwise),
 * empty (with or without filters), the items, and a footer with the count shown and "Load more".
 * Texts come from the list's namespace (`ns`), which holds `list.loading`, `list.noMatch`,
 * `list.empty`, `list.label`, `list.shown` (count), `list.loadMore`, `list.loadingMore`,
 * `errors.network`, `errors.loadFailed` and `errors.retry` (typed: a namespace without them does not
 * compile).
 */
export function KeysetList<T>({
  query,
  items,
  filtered,
  ns,
  children,
}: {
  query: KeysetQuery;
  items: readonly T[] | undefined;
  filtered: boolean;
  ns: KeysetListNamespace;
  /** The list's `<li>` elements. */
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner size="sm" />
          {t('list.loading')}
        </p>
      ) : query.isError && !items ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">
            {query.error instanceof NetworkError
              ? t('errors.network')
              : isApiError(query.error) && query.error.status < 500
                ? query.error.message
                : t('errors.loadFailed')}
          </Alert>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('errors.retry')}
          </Button>
        </div>
      ) : items && items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          {filtered ? t('list.noMatch') : t('list.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('list.label')}>
          {items ? children(items) : null}
        </ul>
      )}

      {items && items.length > 0 ? (
        <div className="mt-4 flex min-h-10 flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" role="status">
            {t('list.shown', { count: items.length })}
          </p>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              aria-busy={query.isFetchingNextPage || undefined}
            >
              {query.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
