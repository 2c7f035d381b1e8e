import type { PatientListItem } from '@painlab/shared/patients';
import { memo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/patient-record/status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters, type Formatters } from '../../../hooks/use-formatters';
import { cn } from '../../../lib/utils';
import { PriorityBadge } from './patient-badges';

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

type RowProps = { patient: PatientListItem; t: TFunction<'patients'>; format: Formatters };

/**
 * Memoised: a row renders again only when its patient (or the language) does, not on every
 * keystroke or page. The table passes `t` and the formatters down: one set of Intl formatters and
 * one translation subscription for the table, not one per row.
 */
const Row = memo(function Row({ patient, t, format }: RowProps) {
  const none = <span className="text-slate-500">{t('list.none')}</span>;
  return (
    <tr
      className={cn(ROW, 'border-t border-slate-100 hover:bg-slate-50')}
      data-patient-id={patient.id}
    >
      <td className={cn(CELL, 'w-full max-w-0')}>
        <Link
          to={paths.patient.href(patient.id)}
          title={patient.name}
          className="block truncate font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
        >
          {patient.name}
        </Link>
        <span className="block truncate text-xs text-slate-500 @4xl:hidden">
          {t('list.ageYears', { age: patient.age })} · {t(`enums.category.${patient.category}`)}
        </span>
      </td>
      <td className={cn(CELL, AGE, 'text-sm text-slate-700 tabular-nums')}>{patient.age}</td>
      <td className={cn(CELL, CATEGORY, 'text-sm whitespace-nowrap text-slate-700')}>
        {t(`enums.category.${patient.category}`)}
      </td>
      <td className={CELL}>
        <span className="flex flex-col items-start gap-1">
          <PriorityBadge priority={patient.priority} />
          <StatusBadge status={patient.status} className="@md:hidden" />
        </span>
      </td>
      <td className={cn(CELL, STATUS)}>
        <StatusBadge status={patient.status} />
      </td>
      <td className={cn(CELL, LATER, 'text-sm whitespace-nowrap text-slate-700')}>
        {patient.nextAppointment ? format.dateTime(patient.nextAppointment) : none}
      </td>
      <td className={cn(CELL, LATER)}>
        <ProgressCell value={patient.progress} />
      </td>
    </tr>
  );
});

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
        <Skeleton className="h-5 w-14 rounded-full" />
      </td>
      <td className={cn(CELL, STATUS)}>
        <Skeleton className="h-5 w-20 rounded-full" />
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
      <tbody>
        {message ? (
          <tr className="border-t border-slate-100">
            <td colSpan={7} className="px-4 py-12 text-center">
              {message}
            </td>
          </tr>
        ) : patients ? (
          patients.map((patient) => (
            <Row key={patient.id} patient={patient} t={t} format={format} />
          ))
        ) : (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
        )}
      </tbody>
    </table>
  );
});
