import { appointmentStatusColour, DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { COLOUR_CLASSES } from '../../../lib/status-colours';
import { cn } from '../../../lib/utils';
import { useAppointments } from '../api/get-appointments';
import { useAppointmentSettings, useSpecialists } from '../api/get-reference';
import {
  AGENDA_LAYOUTS,
  AGENDA_VIEWS,
  agendaFromSearchParams,
  agendaQueryIds,
  agendaRange,
  agendaSearch,
  GRID_END_MINUTES,
  GRID_START_MINUTES,
  gridBox,
  PX_PER_MINUTE,
  stepDate,
  type AgendaState,
} from '../lib/agenda';
import { daysOf, todayIn, zonedParts } from '../lib/zoned';
import {
  AgendaDnd,
  useDraggableVisit,
  useDropTarget,
  type DropTarget,
  type PendingMove,
  type PlacedVisit,
} from './agenda-drag';
import { AgendaMonth } from './agenda-month';
import { AppointmentActions } from './appointment-actions';
import { useAppointmentFormat } from './appointment-format';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { BookDialog } from './book-dialog';
import { RebookForm } from './rebook-form';

type Placed = PlacedVisit;

/**
 * /appointments (staff): the agenda of a day, a week or a month, several specialists side by side
 * (day) or the week or month of the chosen ones, as a calendar or a list; drag a visit to move it
 * (`AgendaDnd`); book, confirm, complete, mark a no-show, cancel with a reason, move or rebook,
 * download the .ics. Times are the clinic's (its zone is named on screen).
 */
export function AgendaView({ viewerId }: { viewerId: string | null }) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const format = useAppointmentFormat();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => agendaFromSearchParams(params), [params]);
  const range = agendaRange(state);
  const settings = useAppointmentSettings();
  const zone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const specialists = useSpecialists();
  const [booking, setBooking] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);

  const allSpecialists = useMemo(() => specialists.data?.items ?? [], [specialists.data]);
  const selected = useMemo(
    () =>
      state.specialists.length
        ? state.specialists
        : viewerId && allSpecialists.some((s) => s.id === viewerId)
          ? [viewerId]
          : allSpecialists.slice(0, 3).map((s) => s.id),
    [state.specialists, viewerId, allSpecialists],
  );
  const days = useMemo(() => daysOf(state.view, state.date), [state.view, state.date]);
  // a day or a week asks for every specialist (switching who is shown is then instant); a month,
  // six weeks of a busy clinic, only for those shown, once they are known (`agendaQueryIds`)
  const ids = agendaQueryIds(state, specialists.data ? selected : null);
  const appointments = useAppointments(range.from, range.to, ids ?? [], ids !== null);

  const placed = useMemo<Placed[]>(() => {
    const shown = new Set(days);
    return (appointments.data?.items ?? [])
      .map((a) => {
        const s = zonedParts(a.startsAt, zone);
        const e = zonedParts(a.endsAt, zone);
        const visit = {
          ...a,
          day: s.date,
          start: s.minutes,
          end: e.date === s.date ? e.minutes : 24 * 60,
        };
        // a visit being moved shows at its new place until the server answers
        return pending?.id === a.id
          ? {
              ...visit,
              day: pending.day,
              start: pending.start,
              end: pending.start + (visit.end - visit.start),
              specialist: { ...a.specialist, id: pending.specialistId },
            }
          : visit;
      })
      .filter((a) => shown.has(a.day) && selected.includes(a.specialist.id));
  }, [appointments.data, zone, days, selected, pending]);

  function update(change: Partial<AgendaState>) {
    setParams(agendaSearch({ ...state, ...change }), { replace: true });
  }
  function toggleSpecialist(id: string) {
    const next = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
    update({ specialists: next.length ? next : [id] });
  }
  const open = placed.find((a) => a.id === openId) ?? null;
  const nameOf = (id: string) => allSpecialists.find((s) => s.id === id)?.name ?? '';

  const columns: { key: string; label: string; target: DropTarget; items: Placed[] }[] =
    state.view === 'day'
      ? selected.map((id) => ({
          key: id,
          label: nameOf(id),
          target: { day: state.date, specialistId: id },
          items: placed.filter((a) => a.specialist.id === id),
        }))
      : days.map((day) => ({
          key: day,
          label: format.shortDay(day),
          target: { day, specialistId: null },
          items: placed.filter((a) => a.day === day),
        }));

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setBooking(true)}>{t('book.open')}</Button>}
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="flex gap-1" role="group" aria-label={t('toolbar.navigate')}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => update({ date: stepDate(state, -1) })}
          >
            <span aria-hidden="true">←</span>
            <span className="sr-only">{t(`toolbar.previous.${state.view}`)}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => update({ date: todayIn(zone) })}>
            {t('toolbar.today')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => update({ date: stepDate(state, 1) })}
          >
            <span aria-hidden="true">→</span>
            <span className="sr-only">{t(`toolbar.next.${state.view}`)}</span>
          </Button>
        </div>
        <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
          {state.view === 'day'
            ? format.day(state.date)
            : state.view === 'week'
              ? t('toolbar.weekOf', { day: format.day(days[0]!) })
              : format.month(state.date)}
        </h2>
        <div className="flex gap-1 sm:ml-auto" role="group" aria-label={t('toolbar.view')}>
          {AGENDA_VIEWS.map((v) => (
            <Button
              key={v}
              size="sm"
              variant={state.view === v ? 'primary' : 'secondary'}
              aria-pressed={state.view === v}
              onClick={() => update({ view: v })}
            >
              {t(`toolbar.views.${v}`)}
            </Button>
          ))}
        </div>
        <div className="flex gap-1" role="group" aria-label={t('toolbar.layout')}>
          {AGENDA_LAYOUTS.map((l) => (
            <Button
              key={l}
              size="sm"
              variant={state.layout === l ? 'primary' : 'secondary'}
              aria-pressed={state.layout === l}
              onClick={() => update({ layout: l })}
            >
              {t(`toolbar.layouts.${l}`)}
            </Button>
          ))}
        </div>
      </div>
      {allSpecialists.length > 1 ? (
        <fieldset className="mb-4 flex flex-wrap gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('toolbar.specialists')}
          </legend>
          {allSpecialists.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-teal-700"
                checked={selected.includes(s.id)}
                onChange={() => toggleSpecialist(s.id)}
              />
              {s.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="mb-2 text-xs text-slate-600">{t('toolbar.zone', { zone })}</p>

      {appointments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('loading')}
        </p>
      ) : appointments.isError ? (
        <Alert tone="error">{t('errors.loadFailed')}</Alert>
      ) : state.layout === 'list' ? (
        <AgendaList days={days} items={placed} zone={zone} lang={lang} onOpen={setOpenId} />
      ) : state.view === 'month' ? (
        <AgendaDnd visits={placed} zone={zone} grid={false} onPending={setPending}>
          <div className={cn(appointments.isPlaceholderData && 'opacity-70')}>
            <AgendaMonth
              days={days}
              month={state.date.slice(0, 7)}
              today={todayIn(zone)}
              visits={placed}
              zone={zone}
              onOpen={setOpenId}
              onOpenDay={(day) => update({ view: 'day', date: day })}
            />
          </div>
        </AgendaDnd>
      ) : (
        <AgendaDnd visits={placed} zone={zone} grid onPending={setPending}>
          <div
            className={cn(
              'overflow-x-auto rounded-lg border border-slate-200 bg-white',
              appointments.isPlaceholderData && 'opacity-70',
            )}
          >
            <div className="flex min-w-full">
              <HourRail />
              {columns.map((col) => (
                <GridColumn key={col.key} column={col}>
                  {col.items.map((a) => (
                    <GridItem
                      key={a.id}
                      appointment={a}
                      zone={zone}
                      lang={lang}
                      showSpecialist={state.view === 'week' && selected.length > 1}
                      onOpen={setOpenId}
                    />
                  ))}
                </GridColumn>
              ))}
            </div>
          </div>
        </AgendaDnd>
      )}
      {appointments.data?.truncated ? <Alert tone="warning">{t('truncated')}</Alert> : null}
      {!appointments.isPending && placed.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('empty')}</p>
      ) : null}

      <DetailsDialog appointment={open} zone={zone} lang={lang} onClose={() => setOpenId(null)} />
      <BookDialog
        open={booking}
        onClose={() => setBooking(false)}
        defaultSpecialistId={selected[0] ?? allSpecialists[0]?.id ?? ''}
        from={state.date < todayIn(zone) ? todayIn(zone) : state.date}
      />
    </div>
  );
}

/** A column of the time grid (a specialist or a day), where visits are dropped. */
function GridColumn({
  column,
  children,
}: {
  column: { key: string; label: string; target: DropTarget; items: Placed[] };
  children: ReactNode;
}) {
  const { t } = useTranslation('appointments');
  const drop = useDropTarget(`col-${column.key}`, column.target);
  return (
    <section
      aria-labelledby={`col-${column.key}`}
      className="min-w-28 flex-1 border-l border-slate-200"
    >
      <h3
        id={`col-${column.key}`}
        className="sticky top-0 h-10 truncate border-b border-slate-200 bg-slate-50 px-2 py-2 text-sm font-semibold text-slate-800"
      >
        {column.label}
      </h3>
      <ol
        ref={drop.setNodeRef}
        className={cn('relative', drop.isOver && 'bg-teal-50')}
        style={{ height: (GRID_END_MINUTES - GRID_START_MINUTES) * PX_PER_MINUTE }}
        aria-label={t('grid.column', { name: column.label, count: column.items.length })}
      >
        {children}
      </ol>
    </section>
  );
}

function HourRail() {
  const hours = [];
  for (let m = GRID_START_MINUTES; m < GRID_END_MINUTES; m += 60) hours.push(m);
  return (
    <div aria-hidden="true" className="w-12 shrink-0">
      <div className="h-10 border-b border-slate-200 bg-slate-50" />
      <div
        className="relative"
        style={{ height: (GRID_END_MINUTES - GRID_START_MINUTES) * PX_PER_MINUTE }}
      >
        {hours.map((m) => (
          <span
            key={m}
            className="absolute right-1 -translate-y-0 text-xs text-slate-600"
            style={{ top: (m - GRID_START_MINUTES) * PX_PER_MINUTE }}
          >
            {String(m / 60).padStart(2, '0')}:00
          </span>
        ))}
      </div>
    </div>
  );
}

const GridItem = memo(function GridItem({
  appointment: a,
  zone,
  lang,
  showSpecialist,
  onOpen,
}: {
  appointment: Placed;
  zone: string;
  lang: 'es' | 'en';
  showSpecialist: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const box = gridBox(a.start, a.end);
  const colour = appointmentStatusColour(a.status);
  const drag = useDraggableVisit(a);
  return (
    <li
      ref={drag.setNodeRef}
      className={cn('absolute inset-x-1', drag.dragging && 'opacity-80 shadow-lg')}
      style={{ top: box.top, height: box.height, ...drag.style }}
    >
      <button
        type="button"
        onClick={() => onOpen(a.id)}
        {...drag.handle}
        className={cn(
          'h-full w-full touch-manipulation overflow-hidden rounded-md border px-1.5 py-0.5 text-left text-xs leading-tight focus-visible:outline-2 focus-visible:outline-teal-700',
          COLOUR_CLASSES[colour],
          a.status === 'cancelled' && 'line-through',
        )}
      >
        <span className="font-semibold">
          {format.time(a.startsAt, zone)} {a.patient.name}
        </span>
        <span className="block truncate">
          {a.type.name[lang]}
          {showSpecialist ? ` · ${a.specialist.name}` : ''}
        </span>
        <span className="sr-only">
          {' '}
          · {t(`status.${a.status}`)} · {format.when(a.startsAt, zone)}
          {a.patientNoShows ? ` · ${t('noShows.count', { count: a.patientNoShows })}` : ''}
        </span>
      </button>
    </li>
  );
});

/** The patient's no-shows beside their name (red, SPEC §4), when they have any. */
function NoShowCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('appointments');
  if (!count) return null;
  return (
    <span data-testid="no-show-count">
      <ColourBadge colour="red">{t('noShows.count', { count })}</ColourBadge>
    </span>
  );
}

function AgendaList({
  days,
  items,
  zone,
  lang,
  onOpen,
}: {
  days: string[];
  items: Placed[];
  zone: string;
  lang: 'es' | 'en';
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  return (
    <div className="flex flex-col gap-4">
      {days
        .filter((d) => items.some((a) => a.day === d))
        .map((day) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h3 id={`day-${day}`} className="mb-2 text-sm font-semibold text-slate-800">
              {format.day(day)}
            </h3>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {items
                .filter((a) => a.day === day)
                .map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
                    <span className="w-24 font-mono text-sm text-slate-800">
                      {format.time(a.startsAt, zone)}–{format.time(a.endsAt, zone)}
                    </span>
                    <Button variant="link" size="sm" onClick={() => onOpen(a.id)}>
                      {a.patient.name}
                    </Button>
                    <NoShowCount count={a.patientNoShows} />
                    <span className="text-sm text-slate-700">{a.type.name[lang]}</span>
                    <span className="text-sm text-slate-600">{a.specialist.name}</span>
                    <span className="text-sm text-slate-600">
                      {a.modality === 'telehealth' ? t('modality.telehealth') : (a.location ?? '')}
                    </span>
                    <span className="sm:ml-auto">
                      <AppointmentStatusBadge status={a.status} />
                    </span>
                  </li>
                ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function DetailsDialog({
  appointment: a,
  zone,
  lang,
  onClose,
}: {
  appointment: Placed | null;
  zone: string;
  lang: 'es' | 'en';
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const [picking, setPicking] = useState<'rebook' | 'move' | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  // a different appointment opened: start without the rebooking form
  if ((a?.id ?? null) !== shownId) {
    setShownId(a?.id ?? null);
    setPicking(null);
  }
  return (
    <dialog
      ref={(node) => {
        if (!node) return;
        if (a && !node.open) node.showModal();
        if (!a && node.open) node.close();
      }}
      aria-labelledby="appointment-details-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {a ? (
        <div className="flex flex-col gap-3 p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id="appointment-details-title" className="text-lg font-semibold text-slate-900">
              {a.patient.name}
            </h2>
            <AppointmentStatusBadge status={a.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('fields.when')}</dt>
            <dd className="text-slate-900">{format.when(a.startsAt, zone)}</dd>
            <dt className="text-slate-600">{t('fields.type')}</dt>
            <dd className="text-slate-900">{a.type.name[lang]}</dd>
            {a.series ? (
              <>
                <dt className="text-slate-600">{t('series.label')}</dt>
                <dd className="text-slate-900">
                  {t('series.position', { index: a.series.index, count: a.series.count })}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">{t('fields.specialist')}</dt>
            <dd className="text-slate-900">{a.specialist.name}</dd>
            <dt className="text-slate-600">{t('fields.place')}</dt>
            <dd className="text-slate-900">
              {a.modality === 'telehealth' ? t('modality.telehealth') : (a.location ?? '—')}
            </dd>
            <dt className="text-slate-600">{t('noShows.label')}</dt>
            <dd className="text-slate-900" data-testid="details-no-shows">
              {a.patientNoShows ?? 0}
            </dd>
            {a.patientConfirmedAt ? (
              <>
                <dt className="text-slate-600">{t('reminders.patientConfirmed')}</dt>
                <dd className="text-slate-900">{format.when(a.patientConfirmedAt, zone)}</dd>
              </>
            ) : null}
            {a.notes ? (
              <>
                <dt className="text-slate-600">{t('fields.notes')}</dt>
                <dd className="text-slate-900">{a.notes}</dd>
              </>
            ) : null}
            {a.patientNote ? (
              <>
                <dt className="text-slate-600">{t('fields.patientNote')}</dt>
                <dd className="text-slate-900">{a.patientNote}</dd>
              </>
            ) : null}
            {a.cancellation ? (
              <>
                <dt className="text-slate-600">{t('fields.cancelled')}</dt>
                <dd className="text-slate-900">
                  {a.cancellation.reason} · {a.cancellation.by?.name ?? '—'}
                </dd>
              </>
            ) : null}
          </dl>
          <AppointmentActions appointment={a} onDone={onClose} />
          {picking ? (
            <RebookForm appointment={a} mode={picking} onDone={onClose} />
          ) : (
            <div className="flex flex-wrap gap-2">
              {a.canReschedule ? (
                <Button variant="secondary" size="sm" onClick={() => setPicking('move')}>
                  {t('move.open')}
                </Button>
              ) : null}
              {a.status !== 'cancelled' ? (
                <Button variant="secondary" size="sm" onClick={() => setPicking('rebook')}>
                  {t('rebook.open')}
                </Button>
              ) : null}
            </div>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" size="sm" onClick={onClose}>
              {t('close')}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
