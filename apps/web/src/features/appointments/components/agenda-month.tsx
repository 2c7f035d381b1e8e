/**
 * The agenda's month (issue 11): whole weeks, Monday to Sunday, each day with its first visits (time
 * and patient, in their status colour) and how many more; a day's number opens that day. On a
 * phone a day shows only its count. Visits that may be moved are dragged to another day (same
 * time; `AgendaDnd`).
 */
import { appointmentStatusColour } from '@painlab/shared/appointments';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_CLASSES } from '../../../lib/status-colours';
import { cn } from '../../../lib/utils';
import { useDraggableVisit, useDropTarget, type PlacedVisit } from './agenda-drag';
import { useAppointmentFormat } from './appointment-format';

/** Visits shown in a day before "+N more". */
const SHOWN_PER_DAY = 3;

export function AgendaMonth({
  days,
  month,
  today,
  visits,
  zone,
  onOpen,
  onOpenDay,
}: {
  days: string[];
  /** `YYYY-MM` of the month shown (days of the weeks around it are dimmed). */
  month: string;
  today: string;
  visits: PlacedVisit[];
  zone: string;
  onOpen: (id: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const format = useAppointmentFormat();
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const byDay = new Map<string, PlacedVisit[]>();
  for (const v of visits) byDay.set(v.day, [...(byDay.get(v.day) ?? []), v]);
  for (const list of byDay.values()) list.sort((a, b) => a.start - b.start);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <table className="w-full table-fixed border-collapse text-left">
        <thead>
          <tr className="bg-slate-50">
            {weeks[0]!.map((day) => (
              <th
                key={day}
                scope="col"
                className="border-b border-slate-200 px-1 py-2 text-center text-xs font-semibold text-slate-700"
              >
                {format.weekday(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <MonthDay
                  key={day}
                  day={day}
                  inMonth={day.startsWith(month)}
                  isToday={day === today}
                  visits={byDay.get(day) ?? []}
                  zone={zone}
                  onOpen={onOpen}
                  onOpenDay={onOpenDay}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MonthDay({
  day,
  inMonth,
  isToday,
  visits,
  zone,
  onOpen,
  onOpenDay,
}: {
  day: string;
  inMonth: boolean;
  isToday: boolean;
  visits: PlacedVisit[];
  zone: string;
  onOpen: (id: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const drop = useDropTarget(`month-${day}`, { day, specialistId: null });
  const hidden = visits.length - SHOWN_PER_DAY;
  return (
    <td
      ref={drop.setNodeRef}
      data-day={day}
      className={cn(
        'h-24 border-t border-l border-slate-200 p-1 align-top first:border-l-0 sm:h-28',
        drop.isOver
          ? 'bg-teal-50 outline-2 -outline-offset-2 outline-teal-700'
          : !inMonth && 'bg-slate-50',
      )}
    >
      <button
        type="button"
        onClick={() => onOpenDay(day)}
        aria-label={t('month.day', { day: format.day(day), count: visits.length })}
        aria-current={isToday ? 'date' : undefined}
        className={cn(
          'flex min-h-8 min-w-8 items-center justify-center rounded-full text-sm focus-visible:outline-2 focus-visible:outline-teal-700',
          isToday
            ? 'bg-teal-700 font-semibold text-white'
            : inMonth
              ? 'text-slate-900'
              : 'text-slate-600',
        )}
      >
        {Number(day.slice(8))}
      </button>
      {visits.length ? (
        <span
          aria-hidden="true"
          className="mx-auto mt-1 block w-fit rounded-full bg-teal-100 px-1.5 text-xs font-semibold text-teal-900 sm:hidden"
        >
          {visits.length}
        </span>
      ) : null}
      <ul className="mt-1 hidden flex-col gap-0.5 sm:flex">
        {visits.slice(0, SHOWN_PER_DAY).map((v) => (
          <MonthVisit key={v.id} visit={v} zone={zone} onOpen={onOpen} />
        ))}
        {hidden > 0 ? (
          <li>
            <button
              type="button"
              onClick={() => onOpenDay(day)}
              className="rounded px-1 text-xs font-medium text-teal-800 underline focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              {t('month.more', { count: hidden })}
            </button>
          </li>
        ) : null}
      </ul>
    </td>
  );
}

const MonthVisit = memo(function MonthVisit({
  visit: v,
  zone,
  onOpen,
}: {
  visit: PlacedVisit;
  zone: string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const drag = useDraggableVisit(v);
  return (
    <li ref={drag.setNodeRef} style={drag.style} className={cn(drag.dragging && 'opacity-80')}>
      <button
        type="button"
        onClick={() => onOpen(v.id)}
        {...drag.handle}
        className={cn(
          'block w-full touch-manipulation truncate rounded border px-1 text-left text-xs leading-5 focus-visible:outline-2 focus-visible:outline-teal-700',
          COLOUR_CLASSES[appointmentStatusColour(v.status)],
          v.status === 'cancelled' && 'line-through',
        )}
      >
        {format.time(v.startsAt, zone)} {v.patient.name}
        <span className="sr-only">
          {' '}
          · {t(`status.${v.status}`)} · {v.specialist.name}
        </span>
      </button>
    </li>
  );
});
