import {
  SERIES_INTERVALS,
  SERIES_MAX_COUNT,
  type SeriesPreview,
  type Slot,
} from '@painlab/shared/appointments';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { toast } from '../../../lib/toast';
import { useSpecialists, useTypes } from '../api/get-reference';
import { useBookAppointment, useCreateSeries, useSeriesPreview } from '../api/save-appointment';
import { usePatientSearch } from '../api/search-patients';
import { useFailureMessage } from './appointment-actions';
import { useAppointmentFormat } from './appointment-format';
import { SlotPicker } from './slot-picker';

/**
 * Staff book a visit: find the patient, pick specialist, type and one of the free slots; or a
 * recurring series from that slot (ADR 0037), whose dates are checked before anything is saved.
 */
export function BookDialog({
  open,
  onClose,
  defaultSpecialistId,
  from,
}: {
  open: boolean;
  onClose: () => void;
  defaultSpecialistId: string;
  from: string;
}) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  // the search asks ~150 ms after the last key (the previous results stay on screen meanwhile)
  const [deferred, setDeferred] = useState('');
  const { debounced: search150 } = useDebouncedCallback(setDeferred, 150);
  const [patient, setPatient] = useState<{ id: string; name: string } | null>(null);
  const [specialistId, setSpecialistId] = useState(defaultSpecialistId);
  const [typeId, setTypeId] = useState('follow_up');
  const [week, setWeek] = useState(from);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  /** Weeks between visits (0: does not repeat) and how many. */
  const [every, setEvery] = useState(0);
  const [count, setCount] = useState('8');
  const [checked, setChecked] = useState<SeriesPreview | null>(null);
  const preview = useSeriesPreview();
  const createSeries = useCreateSeries();
  const format = useAppointmentFormat();
  const search = usePatientSearch(patient ? '' : deferred);
  const types = useTypes();
  const specialists = useSpecialists();
  const book = useBookAppointment();
  const failure = useFailureMessage();
  const pending = book.isPending || preview.isPending || createSeries.isPending;
  const taken = checked?.occurrences.filter((o) => o.conflict).length ?? 0;
  const free = (checked?.occurrences.length ?? 0) - taken;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setSpecialistId(defaultSpecialistId);
      setWeek(from);
      setSlot(null);
      setEvery(0);
      setChecked(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, defaultSpecialistId, from]);

  /** Any change to what the series would book asks for a new check of its dates. */
  const changed = () => setChecked(null);

  async function submitSeries(input: {
    patientId: string;
    specialistId: string;
    typeId: string;
    startsAt: string;
    modality: Slot['modality'];
    location: string | null;
    timeZone: string;
    notes: string | null;
  }) {
    const visits = Number(count);
    if (!Number.isInteger(visits) || visits < 2 || visits > SERIES_MAX_COUNT)
      return setMissing(t('series.countHint'));
    const series = { ...input, intervalWeeks: every, count: visits };
    try {
      if (!checked) {
        setChecked(await preview.mutateAsync(series));
        return;
      }
      const done = await createSeries.mutateAsync({ ...series, skipConflicts: taken > 0 });
      toast.success(t('series.booked', { count: done.items.length, name: patient!.name }));
      setPatient(null);
      setQuery('');
      setNotes('');
      setChecked(null);
      onClose();
    } catch (error) {
      toast.error(failure(error));
      setChecked(null);
    }
  }

  async function submit() {
    if (!patient) return setMissing(t('book.patientRequired'));
    if (!slot) return setMissing(t('book.slotRequired'));
    setMissing(null);
    if (every > 0)
      return submitSeries({
        patientId: patient.id,
        specialistId,
        typeId,
        startsAt: slot.startsAt,
        modality: slot.modality,
        location: slot.location,
        timeZone: slot.timeZone,
        notes: notes || null,
      });
    try {
      await book.mutateAsync({
        patientId: patient.id,
        specialistId,
        typeId,
        startsAt: slot.startsAt,
        modality: slot.modality,
        location: slot.location,
        timeZone: slot.timeZone,
        notes: notes || null,
      });
      toast.success(t('toast.booked', { name: patient.name }));
      setPatient(null);
      setQuery('');
      setNotes('');
      onClose();
    } catch (error) {
      toast.error(failure(error));
      setSlot(null);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form
        className="flex flex-col gap-4 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('book.title')}
        </h2>
        {missing ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {missing}
          </p>
        ) : null}
        <div>
          <label htmlFor={`${id}-patient`} className="text-sm font-medium text-slate-800">
            {t('book.patient')}
          </label>
          {patient ? (
            <div className="mt-1 flex items-center gap-3">
              <span className="font-medium text-slate-900">{patient.name}</span>
              <Button
                type="button"
                size="sm"
                variant="link"
                onClick={() => {
                  setPatient(null);
                  setQuery('');
                  setDeferred('');
                }}
              >
                {t('book.changePatient')}
              </Button>
            </div>
          ) : (
            <>
              <Input
                id={`${id}-patient`}
                className="mt-1"
                type="search"
                autoComplete="off"
                placeholder={t('book.patientPlaceholder')}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  search150(e.target.value);
                }}
              />
              {search.data && deferred.trim().length >= 2 ? (
                <ul aria-label={t('book.results')} className="mt-1 flex flex-col gap-1">
                  {search.data.items.length === 0 ? (
                    <li className="text-sm text-slate-600">{t('book.noPatients')}</li>
                  ) : (
                    search.data.items.map((p) => (
                      <li key={p.id}>
                        <Button
                          type="button"
                          size="sm"
                          variant="secondary"
                          className="w-full"
                          onClick={() => setPatient({ id: p.id, name: p.name ?? '' })}
                        >
                          <span className="flex-1 text-left">{p.name}</span>
                        </Button>
                      </li>
                    ))
                  )}
                </ul>
              ) : null}
            </>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('fields.specialist')}
            <Select
              value={specialistId}
              onChange={(e) => {
                setSpecialistId(e.target.value);
                setSlot(null);
                changed();
              }}
            >
              {(specialists.data?.items ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('fields.type')}
            <Select
              value={typeId}
              onChange={(e) => {
                setTypeId(e.target.value);
                setSlot(null);
                changed();
              }}
            >
              {(types.data?.items ?? []).map((ty) => (
                <option key={ty.id} value={ty.id}>
                  {ty.name[lang]} · {t('book.minutes', { count: ty.durationMinutes })}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('book.from')}
            <Input
              type="date"
              value={week}
              onChange={(e) => {
                if (e.target.value) setWeek(e.target.value);
                setSlot(null);
              }}
            />
          </label>
        </div>
        <SlotPicker
          name={`${id}-slot`}
          specialistId={specialistId}
          typeId={typeId}
          from={week}
          value={slot?.startsAt ?? null}
          onChange={(picked) => {
            setSlot(picked);
            changed();
          }}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('series.repeat')}
            <Select
              value={String(every)}
              onChange={(e) => {
                setEvery(Number(e.target.value));
                changed();
              }}
            >
              <option value="0">{t('series.repeatNone')}</option>
              {SERIES_INTERVALS.map((weeks) => (
                <option key={weeks} value={weeks}>
                  {t('series.every', { count: weeks })}
                </option>
              ))}
            </Select>
          </label>
          {every > 0 ? (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {t('series.count')}
              <Input
                type="number"
                inputMode="numeric"
                min={2}
                max={SERIES_MAX_COUNT}
                value={count}
                aria-describedby={`${id}-count-hint`}
                onChange={(e) => {
                  setCount(e.target.value);
                  changed();
                }}
              />
              <span id={`${id}-count-hint`} className="text-xs font-normal text-slate-600">
                {t('series.countHint')}
              </span>
            </label>
          ) : null}
        </div>
        {every > 0 && checked ? (
          <section aria-labelledby={`${id}-dates`} className="flex flex-col gap-2">
            <h3 id={`${id}-dates`} className="text-sm font-semibold text-slate-900">
              {t('series.datesTitle')}
            </h3>
            <p
              role="status"
              className={taken ? 'text-sm text-amber-900' : 'text-sm text-slate-700'}
            >
              {taken
                ? t('series.someTaken', { count: taken })
                : t('series.allFree', { count: checked.occurrences.length })}
            </p>
            <ol className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm">
              {checked.occurrences.map((o) => (
                <li key={o.index} className="flex items-center justify-between gap-3">
                  <span className={o.conflict ? 'text-slate-500 line-through' : 'text-slate-900'}>
                    {o.index}. {format.when(o.startsAt, checked.timeZone)}
                  </span>
                  <span
                    className={
                      o.conflict
                        ? 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900'
                        : 'rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-900'
                    }
                  >
                    {o.conflict ? t('series.taken') : t('series.free')}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('fields.notes')}
          <Input value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('book.close')}
          </Button>
          <Button
            type="submit"
            disabled={pending || (checked !== null && free === 0)}
            aria-busy={pending || undefined}
          >
            {pending
              ? preview.isPending
                ? t('series.checking')
                : t('book.saving')
              : every === 0
                ? t('book.submit')
                : !checked
                  ? t('series.check')
                  : taken
                    ? t('series.submitFree', { count: free })
                    : t('series.submitAll', { count: free })}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
