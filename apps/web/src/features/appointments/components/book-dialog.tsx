import type { Slot } from '@painlab/shared/appointments';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { toast } from '../../../lib/toast';
import { useSpecialists, useTypes } from '../api/get-reference';
import { useBookAppointment } from '../api/save-appointment';
import { usePatientSearch } from '../api/search-patients';
import { useFailureMessage } from './appointment-actions';
import { SlotPicker } from './slot-picker';

/** Staff book a visit: find the patient, pick specialist, type and one of the free slots. */
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
  const search = usePatientSearch(patient ? '' : deferred);
  const types = useTypes();
  const specialists = useSpecialists();
  const book = useBookAppointment();
  const failure = useFailureMessage();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setSpecialistId(defaultSpecialistId);
      setWeek(from);
      setSlot(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, defaultSpecialistId, from]);

  async function submit() {
    if (!patient) return setMissing(t('book.patientRequired'));
    if (!slot) return setMissing(t('book.slotRequired'));
    setMissing(null);
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
        if (!book.isPending) onClose();
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
          onChange={setSlot}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('fields.notes')}
          <Input value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose} disabled={book.isPending}>
            {t('book.close')}
          </Button>
          <Button type="submit" disabled={book.isPending} aria-busy={book.isPending || undefined}>
            {book.isPending ? t('book.saving') : t('book.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
