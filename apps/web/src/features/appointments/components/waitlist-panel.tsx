/**
 * The appointments waitlist (ADR 0032), on `/appointments` for staff (every patient, first come
 * first; add for a patient found by name, remove) and on `/appointments-page` for a patient (their
 * own entries, an open offer to take or decline, add and remove when the clinic lets patients book
 * or request). The server decides who sees and changes what.
 */
import { TIMES_OF_DAY, type TimeOfDay, type WaitlistEntry } from '@painlab/shared/waitlist';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useSpecialists, useTypes } from '../api/get-reference';
import { usePatientSearch } from '../api/search-patients';
import {
  useAddToWaitlist,
  useAnswerOffer,
  useRemoveFromWaitlist,
  useWaitlist,
} from '../api/waitlist';
import { useFailureMessage } from './appointment-actions';
import { useAppointmentFormat } from './appointment-format';
import { OfferDetails } from './waitlist-offer-screen';

function AddForm({ staff }: { staff: boolean }) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const id = useId();
  const types = useTypes();
  const specialists = useSpecialists();
  const add = useAddToWaitlist();
  const failure = useFailureMessage();
  const [query, setQuery] = useState('');
  const search = usePatientSearch(staff ? query : '');
  const [patient, setPatient] = useState<{ id: string; name: string } | null>(null);
  const [typeId, setTypeId] = useState('');
  const [specialistId, setSpecialistId] = useState('');
  const [earliestDate, setEarliest] = useState('');
  const [latestDate, setLatest] = useState('');
  const [times, setTimes] = useState<TimeOfDay[]>([]);
  const [error, setError] = useState<string | null>(null);
  const chosenType = typeId || types.data?.items[0]?.id || '';

  async function submit() {
    if (staff && !patient) return setError(t('book.patientRequired'));
    setError(null);
    try {
      await add.mutateAsync({
        ...(staff && patient ? { patientId: patient.id } : {}),
        typeId: chosenType,
        specialistId: specialistId || null,
        earliestDate: earliestDate || null,
        latestDate: latestDate || null,
        timesOfDay: times,
      });
      toast.success(t('waitlist.added'));
      setPatient(null);
      setQuery('');
    } catch (e) {
      setError(failure(e));
    }
  }

  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('waitlist.addTitle')}
      </h3>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      {staff ? (
        <div>
          <label htmlFor={`${id}-patient`} className="text-sm font-medium text-slate-800">
            {t('book.patient')}
          </label>
          {patient ? (
            <div className="mt-1 flex items-center gap-3">
              <span className="font-medium text-slate-900">{patient.name}</span>
              <Button type="button" size="sm" variant="link" onClick={() => setPatient(null)}>
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
                onChange={(e) => setQuery(e.target.value)}
              />
              {search.data && query.trim().length >= 2 ? (
                <ul aria-label={t('book.results')} className="mt-1 flex flex-col gap-1">
                  {search.data.items.map((p) => (
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
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('fields.type')}
          <Select value={chosenType} onChange={(e) => setTypeId(e.target.value)}>
            {(types.data?.items ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name[lang]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('fields.specialist')}
          <Select value={specialistId} onChange={(e) => setSpecialistId(e.target.value)}>
            <option value="">{t('waitlist.anySpecialist')}</option>
            {(specialists.data?.items ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('waitlist.earliest')}
          <Input type="date" value={earliestDate} onChange={(e) => setEarliest(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('waitlist.latest')}
          <Input type="date" value={latestDate} onChange={(e) => setLatest(e.target.value)} />
        </label>
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="mb-1 font-medium">{t('waitlist.times')}</legend>
        {TIMES_OF_DAY.map((time) => (
          <label key={time} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={times.includes(time)}
              onChange={(e) =>
                setTimes((now) =>
                  e.target.checked ? [...now, time] : now.filter((x) => x !== time),
                )
              }
            />
            {t(`waitlist.time.${time}`)}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={add.isPending || !chosenType}>
          {t('waitlist.add')}
        </Button>
      </div>
    </form>
  );
}

function EntryItem({ entry, staff }: { entry: WaitlistEntry; staff: boolean }) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const format = useAppointmentFormat();
  const remove = useRemoveFromWaitlist();
  const answer = useAnswerOffer();
  const failure = useFailureMessage();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toast.error(failure(e));
    }
  };
  const window = [entry.earliestDate, entry.latestDate].some(Boolean)
    ? `${entry.earliestDate ? format.day(entry.earliestDate) : '…'} – ${
        entry.latestDate ? format.day(entry.latestDate) : '…'
      }`
    : t('waitlist.anyDate');
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="waitlist-entry"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-900">
          {staff ? <span className="font-semibold">{entry.patient.name} · </span> : null}
          {entry.type.name[lang]} · {entry.specialist?.name ?? t('waitlist.anySpecialist')} ·{' '}
          {window}
          {entry.timesOfDay.length
            ? ` · ${entry.timesOfDay.map((x) => t(`waitlist.time.${x}`)).join(', ')}`
            : ''}
        </p>
        <Button
          size="sm"
          variant="dangerGhost"
          aria-label={t('waitlist.removeLabel', {
            what: staff ? entry.patient.name : entry.type.name[lang],
          })}
          disabled={remove.isPending}
          onClick={() => void act(() => remove.mutateAsync(entry.id), t('waitlist.removed'))}
        >
          {t('waitlist.remove')}
        </Button>
      </div>
      {entry.offer ? (
        <div className="flex flex-col gap-2" data-testid="waitlist-offer">
          <p className="text-sm font-semibold text-teal-900">
            {t(staff ? 'waitlist.offered' : 'waitlist.offeredToYou')}
          </p>
          <OfferDetails offer={entry.offer} />
          {staff ? null : (
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={answer.isPending}
                onClick={() =>
                  void act(
                    () => answer.mutateAsync({ id: entry.offer!.id, answer: 'take' }),
                    t('waitlist.link.doneBody.booked'),
                  )
                }
              >
                {t('waitlist.take')}
              </Button>
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() =>
                  void act(
                    () => answer.mutateAsync({ id: entry.offer!.id, answer: 'decline' }),
                    t('waitlist.link.doneBody.declined'),
                  )
                }
              >
                {t('waitlist.decline')}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function WaitlistPanel({ audience }: { audience: 'staff' | 'patient' }) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const list = useWaitlist();
  const staff = audience === 'staff';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3"
      data-testid="waitlist-panel"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('waitlist.title')}
      </h2>
      <p className="text-sm text-slate-700">
        {t(staff ? 'waitlist.leadStaff' : 'waitlist.leadPatient')}
      </p>
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('loading')}
        </p>
      ) : list.isError ? (
        <Alert tone="error">{t('errors.loadFailed')}</Alert>
      ) : (
        <>
          {list.data.items.length ? (
            <ol className="flex flex-col gap-2">
              {list.data.items.map((entry) => (
                <EntryItem key={entry.id} entry={entry} staff={staff} />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">{t('waitlist.empty')}</p>
          )}
          {list.data.canAdd ? <AddForm staff={staff} /> : null}
        </>
      )}
    </section>
  );
}
