import { PATIENT_SORTS, type PatientSort } from '@painlab/shared/patients';
import { ListFilter, Search, X } from 'lucide-react';
import { memo, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import type { Specialist } from '../api/get-specialists';
import {
  CHOICE_FILTER_NAMES,
  CHOICE_FILTERS,
  hasActiveFilters,
  toggleValue,
  type ChoiceFilter,
  type PatientListFilters,
} from '../lib/list-filters';

/** The translation key of each value of each choice filter (`enums.priority.high`). */
type ChoiceKey = {
  [K in ChoiceFilter]: `enums.${K}.${(typeof CHOICE_FILTERS)[K][number]}`;
}[ChoiceFilter];

type PatientFiltersProps = {
  filters: PatientListFilters;
  searchText: string;
  onSearchChange: (text: string) => void;
  onChange: (update: (current: PatientListFilters) => PatientListFilters) => void;
  onClear: () => void;
  specialists: Specialist[] | undefined;
};

function CheckboxGroup<T extends string>({
  legend,
  values,
  selected,
  label,
  onToggle,
  columns,
}: {
  legend: string;
  values: readonly T[];
  selected: readonly T[];
  label: (value: T) => string;
  onToggle: (value: T) => void;
  columns?: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn('grid gap-x-4 gap-y-1.5', columns)}>
        {values.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-teal-700"
              checked={selected.includes(value)}
              onChange={() => onToggle(value)}
            />
            <span className="truncate">{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Search (debounced by the caller), sort, and the category / priority / status / specialist filters.
 * A keystroke renders the search box only: everything else is memoised on the filters (issue 8).
 */
export function PatientFilters({
  filters,
  searchText,
  onSearchChange,
  onChange,
  onClear,
  specialists,
}: PatientFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleOpen = useCallback(() => setOpen((v) => !v), []);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField searchText={searchText} onSearchChange={onSearchChange} />
        <SortAndToggle
          filters={filters}
          onChange={onChange}
          open={open}
          onToggle={toggleOpen}
          panelId={panelId}
        />
      </div>
      <FilterPanel
        filters={filters}
        onChange={onChange}
        onClear={onClear}
        specialists={specialists}
        open={open}
        panelId={panelId}
      />
    </div>
  );
}

function SearchField({
  searchText,
  onSearchChange,
}: Pick<PatientFiltersProps, 'searchText' | 'onSearchChange'>) {
  const { t } = useTranslation('patients');
  const searchId = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label htmlFor={searchId}>{t('list.searchLabel')}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          id={searchId}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('list.searchPlaceholder')}
          aria-describedby={`${searchId}-hint`}
          value={searchText}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <p id={`${searchId}-hint`} className="sr-only">
        {t('list.searchHint')}
      </p>
    </div>
  );
}

const SortAndToggle = memo(function SortAndToggle({
  filters,
  onChange,
  open,
  onToggle,
  panelId,
}: Pick<PatientFiltersProps, 'filters' | 'onChange'> & {
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  const { t } = useTranslation('patients');
  const sortId = useId();
  const searching = filters.q.trim() !== '';
  const activeCount =
    CHOICE_FILTER_NAMES.reduce((count, name) => count + filters[name].length, 0) +
    (filters.specialistId ? 1 : 0);
  return (
    <div className="flex items-end gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:w-56 md:flex-none">
        <Label htmlFor={sortId}>{t('list.sortLabel')}</Label>
        <Select
          id={sortId}
          value={searching ? '' : filters.sort}
          disabled={searching}
          onChange={(event) => onChange((f) => ({ ...f, sort: event.target.value as PatientSort }))}
        >
          {searching ? <option value="">{t('list.sortRelevance')}</option> : null}
          {PATIENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`enums.sort.${sort}`)}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="shrink-0"
      >
        <ListFilter aria-hidden="true" className="h-4 w-4" />
        {activeCount ? t('list.filtersWithCount', { count: activeCount }) : t('list.filters')}
      </Button>
    </div>
  );
});

const FilterPanel = memo(function FilterPanel({
  filters,
  onChange,
  onClear,
  specialists,
  open,
  panelId,
}: Omit<PatientFiltersProps, 'searchText' | 'onSearchChange'> & {
  open: boolean;
  panelId: string;
}) {
  const { t } = useTranslation('patients');
  const specialistId = useId();
  const specialistName =
    specialists?.find((s) => s.id === filters.specialistId)?.name ?? filters.specialistId;
  const choiceLabel = (name: ChoiceFilter, value: string) =>
    t(`enums.${name}.${value}` as ChoiceKey);
  const toggle = (name: ChoiceFilter, value: string) =>
    onChange((f) => ({ ...f, [name]: toggleValue<string>(f[name], value, CHOICE_FILTERS[name]) }));

  const chips: { key: string; label: string; remove: () => void }[] = [
    // A category names itself ("Chronic pain"); a priority or a status says which it is.
    ...CHOICE_FILTER_NAMES.flatMap((name) =>
      filters[name].map((value: string) => ({
        key: `${name}-${value}`,
        label:
          name === 'category'
            ? choiceLabel(name, value)
            : `${t(`fields.${name}`)}: ${choiceLabel(name, value)}`,
        remove: () =>
          onChange((f) => ({ ...f, [name]: f[name].filter((x: string) => x !== value) })),
      })),
    ),
    ...(filters.specialistId
      ? [
          {
            key: 'sp',
            label: specialistName,
            remove: () => onChange((f) => ({ ...f, specialistId: '' })),
          },
        ]
      : []),
  ];

  return (
    <>
      <div id={panelId} hidden={!open} className="mt-4 border-t border-slate-200 pt-4">
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1.2fr]">
          {CHOICE_FILTER_NAMES.map((name) => (
            <CheckboxGroup<string>
              key={name}
              legend={t(`fields.${name}`)}
              values={CHOICE_FILTERS[name]}
              selected={filters[name]}
              label={(value) => choiceLabel(name, value)}
              onToggle={(value) => toggle(name, value)}
              columns={name === 'category' ? 'grid-cols-1 sm:grid-cols-2' : undefined}
            />
          ))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={specialistId}>{t('fields.assignedSpecialist')}</Label>
            <Select
              id={specialistId}
              value={filters.specialistId}
              onChange={(event) => onChange((f) => ({ ...f, specialistId: event.target.value }))}
            >
              <option value="">{t('list.anySpecialist')}</option>
              {specialists?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
              {filters.specialistId &&
              specialists &&
              !specialists.some((s) => s.id === filters.specialistId) ? (
                <option value={filters.specialistId}>{filters.specialistId}</option>
              ) : null}
            </Select>
          </div>
        </div>
      </div>

      {chips.length || hasActiveFilters(filters) ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              onClick={chip.remove}
              aria-label={t('list.removeFilter', { label: chip.label })}
              className="inline-flex items-center gap-1 rounded-full border border-teal-200 bg-teal-50 px-2.5 py-1 text-xs font-medium text-teal-900 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {chip.label}
              <X aria-hidden="true" className="h-3 w-3" />
            </button>
          ))}
          <Button variant="link" size="sm" onClick={onClear}>
            {t('list.clearFilters')}
          </Button>
        </div>
      ) : null}
    </>
  );
});
