import type { PatientListItem } from '@painlab/shared/patients';
import { memo, useCallback, useMemo, type MouseEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters, type Formatters } from '../../../hooks/use-formatters';
import {
  COLOUR_CLASSES,
  DOT_CLASSES,
  priorityColour,
  statusColour,
  type Colour,
} from '../../../lib/status-colours';
import { cn } from '../../../lib/utils';

/** Every row has this height, filled or skeleton, so the table never jumps while loading. */
const ROW = 'h-16';
const SKELETON_ROWS = 8;

const CELL = 'px-3 align-middle first:pl-4 last:pr-4';
/**
 * Columns appear as the table's own width allows (container queries: the sidebar changes the room
 * the table has at one window width). Name and priority are always there; on narrow tables the
 * name cell also says age and category, and the priority cell also shows the status.
 */
const AGE = 'hidden @2xl:table-cell';
const CATEGORY = 'hidden @4xl:table-cell';
const STATUS = 'hidden @md:table-cell';
const LATER = 'hidden @3xl:table-cell';

export function ProgressCell({ value }: { value: number | null }) {
  const { t } = useTranslation('patients');
  if (value === null) return <span className="text-slate-500">{t('list.none')}</span>;
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-teal-600" style={{ width: `${clamped}%` }} />
      </span>
      <span className="text-sm text-slate-700 tabular-nums">
        {t('list.progressValue', { value: Math.round(clamped) })}
      </span>
    </span>
  );
}

/**
 * The texts and classes every row shares, made once per language for the whole table: a row reads
 * them instead of calling `t`, `cn` and the Intl formatters itself, and holds no hooks of its own
 * (50 rows were 200 `useTranslation` subscriptions and 700 class merges per render; issue 8).
 * Labels of the enums and ages are cached as they are first asked for.
 */
type RowTexts = {
  none: string;
  age: (age: number) => string;
  category: (category: PatientListItem['category']) => string;
  priority: (priority: PatientListItem['priority']) => string;
  status: (status: PatientListItem['status']) => string;
  progress: (value: number) => string;
  dateTime: (iso: string) => string;
};

function cached<K, V>(make: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make(key);
      cache.set(key, value);
    }
    return value;
  };
}

function rowTexts(t: TFunction<'patients'>, format: Formatters): RowTexts {
  return {
    none: t('list.none'),
    age: cached((age: number) => t('list.ageYears', { age })),
    category: cached((category) => t(`enums.category.${category}`)),
    priority: cached((priority) => t(`enums.priority.${priority}`)),
    status: cached((status) => t(`enums.status.${status}`)),
    progress: cached((value: number) => t('list.progressValue', { value })),
    dateTime: format.dateTime,
  };
}

/** `ColourBadge`'s markup with its classes merged once per colour (same classes, same attributes). */
const BADGE =
  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';
const badgeClass = cached((key: string) => {
  const [colour, extra] = key.split('|') as [Colour, string];
  return cn(BADGE, COLOUR_CLASSES[colour], extra);
});
const dotClass = cached((colour: Colour) =>
  cn('h-1.5 w-1.5 shrink-0 rounded-full', DOT_CLASSES[colour]),
);

function badge(colour: Colour, label: string, data: Record<string, string>, extra = '') {
  return (
    <span data-colour={colour} className={badgeClass(`${colour}|${extra}`)} {...data}>
      <span aria-hidden="true" className={dotClass(colour)} />
      {label}
    </span>
  );
}

const ROW_CLASS = cn(ROW, 'border-t border-slate-100 hover:bg-slate-50');
const NAME_CELL = cn(CELL, 'w-full max-w-0');
const AGE_CELL = cn(CELL, AGE, 'text-sm text-slate-700 tabular-nums');
const CATEGORY_CELL = cn(CELL, CATEGORY, 'text-sm whitespace-nowrap text-slate-700');
const STATUS_CELL = cn(CELL, STATUS);
const NEXT_CELL = cn(CELL, LATER, 'text-sm whitespace-nowrap text-slate-700');
const PROGRESS_CELL = cn(CELL, LATER);
const NAME_LINK =
  'block truncate font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

type RowProps = { patient: PatientListItem; text: RowTexts };

/**
 * Memoised: a row renders again only when its patient (or the language) does, not on every
 * keystroke or page. The name is a plain link (`href` of the chart); the table's one click handler
 * turns a plain left click on it into a router navigation, as React Router's `Link` would.
 */
const Row = memo(function Row({ patient, text }: RowProps) {
  const none = <span className="text-slate-500">{text.none}</span>;
  const category = text.category(patient.category);
  const status = text.status(patient.status);
  const statusColourOf = statusColour(patient.status);
  const progress = patient.progress === null ? null : Math.max(0, Math.min(100, patient.progress));
  return (
    <tr className={ROW_CLASS} data-patient-id={patient.id}>
      <td className={NAME_CELL}>
        <a href={paths.patient.href(patient.id)} title={patient.name} className={NAME_LINK}>
          {patient.name}
        </a>
        <span className="block truncate text-xs text-slate-500 @4xl:hidden">
          {text.age(patient.age)} · {category}
        </span>
      </td>
      <td className={AGE_CELL}>{patient.age}</td>
      <td className={CATEGORY_CELL}>{category}</td>
      <td className={CELL}>
        <span className="flex flex-col items-start gap-1">
          {badge(priorityColour(patient.priority), text.priority(patient.priority), {
            'data-priority': patient.priority,
          })}
          {badge(statusColourOf, status, { 'data-status': patient.status }, '@md:hidden')}
        </span>
      </td>
      <td className={STATUS_CELL}>
        {badge(statusColourOf, status, { 'data-status': patient.status })}
      </td>
      <td className={NEXT_CELL}>
        {patient.nextAppointment ? text.dateTime(patient.nextAppointment) : none}
      </td>
      <td className={PROGRESS_CELL}>
        {progress === null ? (
          none
        ) : (
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-200"
            >
              <span
                className="block h-full rounded-full bg-teal-600"
                style={{ width: `${progress}%` }}
              />
            </span>
            <span className="text-sm text-slate-700 tabular-nums">
              {text.progress(Math.round(progress))}
            </span>
          </span>
        )}
      </td>
    </tr>
  );
});

/**
 * A plain left click (no modifier key, not already handled) on a row's link navigates inside the
 * app; any other click (new tab, new window, download) is left to the browser, as with `Link`.
 */
function useLinkNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = (event.target as Element).closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}

function SkeletonRow() {
  return (
    <tr className={cn(ROW, 'border-t border-slate-100')} aria-hidden="true">
      <td className={CELL}>
        <Skeleton className="h-4 w-40 max-w-full" />
      </td>
      <td className={cn(CELL, AGE)}>
        <Skeleton className="h-4 w-8" />
      </td>
      <td className={cn(CELL, CATEGORY)}>
        <Skeleton className="h-4 w-24" />
      </td>
      <td className={CELL}>
        <Skeleton shape="pill" className="h-5 w-14" />
      </td>
      <td className={cn(CELL, STATUS)}>
        <Skeleton shape="pill" className="h-5 w-20" />
      </td>
      <td className={cn(CELL, LATER)}>
        <Skeleton className="h-4 w-24" />
      </td>
      <td className={cn(CELL, LATER)}>
        <Skeleton className="h-4 w-20" />
      </td>
    </tr>
  );
}

type PatientTableProps = {
  patients: PatientListItem[] | undefined;
  /** Shown in place of rows (empty or error state), in a cell spanning the table. */
  message?: ReactNode;
  dimmed?: boolean;
};

/**
 * The list columns of SPEC §3: name, age, category, priority, status, next appointment, progress.
 * Memoised: typing in the search box re-renders the page around it, not the table.
 */
export const PatientTable = memo(function PatientTable({
  patients,
  message,
  dimmed,
}: PatientTableProps) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const text = useMemo(() => rowTexts(t, format), [t, format]);
  const onClick = useLinkNavigation();
  const head =
    'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:pl-4 last:pr-4';
  return (
    <table
      className={cn('w-full table-auto border-collapse transition-opacity', dimmed && 'opacity-60')}
      data-testid="patients-table"
    >
      <caption className="sr-only">{t('list.tableCaption')}</caption>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={head}>
            {t('list.columns.name')}
          </th>
          <th scope="col" className={cn(head, AGE)}>
            {t('list.columns.age')}
          </th>
          <th scope="col" className={cn(head, CATEGORY)}>
            {t('list.columns.category')}
          </th>
          <th scope="col" className={head}>
            <span className="@md:hidden">{t('list.columns.priorityStatus')}</span>
            <span className="hidden @md:inline">{t('list.columns.priority')}</span>
          </th>
          <th scope="col" className={cn(head, STATUS)}>
            {t('list.columns.status')}
          </th>
          <th scope="col" className={cn(head, LATER)}>
            {t('list.columns.nextAppointment')}
          </th>
          <th scope="col" className={cn(head, LATER)}>
            {t('list.columns.progress')}
          </th>
        </tr>
      </thead>
      <tbody onClick={onClick}>
        {message ? (
          <tr className="border-t border-slate-100">
            <td colSpan={7} className="px-4 py-12 text-center">
              {message}
            </td>
          </tr>
        ) : patients ? (
          patients.map((patient) => <Row key={patient.id} patient={patient} text={text} />)
        ) : (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
        )}
      </tbody>
    </table>
  );
});
