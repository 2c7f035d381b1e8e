import { FileUp, Plus, RotateCw } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { usePatients } from '../api/get-patients';
import { useSpecialists } from '../api/get-specialists';
import { useListFilters } from '../hooks/use-list-filters';
import { errorText } from '../lib/error-text';
import { hasActiveFilters } from '../lib/list-filters';
import { CsvExport } from './csv-export';
import { PatientFilters } from './patient-filters';
import { PatientTable } from './patient-table';

/** `/patients`: search, filters, sort, keyset "Load more", CSV export, links to import and create. */
export function PatientListView() {
  const { t } = useTranslation(['patients', 'nav']);
  const { filters, setFilters, searchText, onSearchChange, clearAll } = useListFilters();
  const specialists = useSpecialists();
  const query = usePatients(filters);
  const pages = query.data?.pages;
  const patients = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  // New rows render in an interruptible pass: a keystroke in the search box never waits for 50 rows.
  // The first rows (nothing but placeholders on screen yet) render at once, in one pass: deferring
  // them would only render the placeholders again first, then the rows in slices (issue 8).
  const deferredPatients = useDeferredValue(patients);
  const shownPatients = deferredPatients ?? patients;
  // A search answers its nearest names only: when more match, the user narrows it (no "Load more").
  const refine = !query.hasNextPage && Boolean(query.data?.pages.at(-1)?.more);
  const narrowed = hasActiveFilters(filters);
  const updating =
    query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage && !query.isPending);

  // The same element while the search box is typed in: a keystroke does not render the header.
  const header = useMemo(
    () => (
      <PageHeader
        title={t('nav:routes.patients')}
        description={t('list.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <CsvExport filters={filters} />
            <Link to={paths.importPatients.href()} className={buttonClasses('secondary')}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {t('list.import')}
            </Link>
            <Link to={paths.newPatient.href()} className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('list.newPatient')}
            </Link>
          </div>
        }
      />
    ),
    [t, filters],
  );

  let message = null;
  if (query.isError && !patients) {
    message = (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3">
        <p className="font-medium text-slate-900">{t('list.errorTitle')}</p>
        <p className="text-sm text-slate-600">
          {errorText(query.error, t('errors.loadFailed'), t('errors.network'))}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {t('errors.retry')}
        </Button>
      </div>
    );
  } else if (patients && patients.length === 0) {
    message = narrowed ? (
      <div className="mx-auto flex max-w-md flex-col items-center gap-2">
        <p className="font-medium text-slate-900">{t('list.noMatchTitle')}</p>
        <p className="text-sm text-slate-600">{t('list.noMatchBody')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={clearAll}>
          {t('list.clearFilters')}
        </Button>
      </div>
    ) : (
      <div className="mx-auto flex max-w-md flex-col items-center gap-2">
        <p className="font-medium text-slate-900">{t('list.emptyTitle')}</p>
        <p className="text-sm text-slate-600">{t('list.emptyBody')}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Link to={paths.newPatient.href()} className={buttonClasses('primary', 'sm')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('list.newPatient')}
          </Link>
          <Link to={paths.importPatients.href()} className={buttonClasses('secondary', 'sm')}>
            <FileUp aria-hidden="true" className="h-4 w-4" />
            {t('list.import')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      {header}

      <PatientFilters
        filters={filters}
        searchText={searchText}
        onSearchChange={onSearchChange}
        onChange={setFilters}
        onClear={clearAll}
        specialists={specialists.data}
      />

      <div
        className="@container relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        aria-busy={query.isPending || updating}
      >
        {/* Floats over the table: appearing or going never moves the rows. */}
        <div aria-live="polite" className="pointer-events-none absolute top-2 right-2 z-10">
          {updating ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1 text-xs text-slate-700 shadow ring-1 ring-slate-200">
              <Spinner size="xs" />
              {t('list.updating')}
            </span>
          ) : null}
        </div>
        {query.isPending ? (
          <span className="sr-only" role="status">
            {t('list.loading')}
          </span>
        ) : null}
        <PatientTable
          patients={shownPatients}
          message={message}
          dimmed={query.isPlaceholderData || shownPatients !== patients}
        />
      </div>

      {patients && patients.length > 0 ? (
        <div className="mt-4 flex min-h-10 flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" role="status">
            {t('list.shown', { count: patients.length })}
            {query.hasNextPage ? ` · ${t('list.moreAvailable')}` : ''}
          </p>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage || query.isPlaceholderData}
              aria-busy={query.isFetchingNextPage || undefined}
            >
              {query.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
            </Button>
          ) : refine ? (
            <p className="text-sm text-slate-600" data-testid="refine-search">
              {t('list.refineSearch')}
            </p>
          ) : (
            <span className="text-sm text-slate-500">{t('list.endOfList')}</span>
          )}
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <Alert tone="error" className="mt-3">
          {t('list.loadMoreFailed')}{' '}
          {errorText(query.error, t('errors.unknown'), t('errors.network'))}
        </Alert>
      ) : null}
    </div>
  );
}
