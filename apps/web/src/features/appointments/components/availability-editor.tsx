/**
 * /appointments/availability: a specialist's weekly hours (several ranges a day, one time zone) and
 * exceptions (days off, holidays, one-off extra hours). Specialists edit their own; administrators
 * pick anyone. The free-slot search reads what is saved here (ADR 0015).
 */
import {
  APPOINTMENT_MODALITIES,
  AVAILABILITY_EXCEPTION_KINDS,
  type AppointmentModality,
  type AvailabilityException,
  type AvailabilityExceptionKind,
  type Availability,
} from '@painlab/shared/appointments';
import type { Role } from '@painlab/shared/permissions';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useAddException,
  useAvailability,
  useRemoveException,
  useSaveWeeklyHours,
} from '../api/availability';
import { useSpecialists } from '../api/get-reference';
import {
  nextRange,
  rangeProblems,
  timeZones,
  toWeekForm,
  toWeeklyInput,
  WEEKDAYS,
  type HoursRange,
  type WeekForm,
} from '../lib/weekly-hours';

const KNOWN_PROBLEMS = [
  'invalid_time',
  'end_before_start',
  'overlapping_hours',
  'start_and_end_together',
  'extra_hours_need_times',
  'range_too_long',
  'too_long',
  'invalid_choice',
] as const;

/** A failed save as one translated sentence: the first field problem the server named, if known. */
function useSaveError() {
  const { t } = useTranslation('appointments');
  return (error: unknown): string => {
    if (error instanceof NetworkError) return t('errors.network');
    if (error instanceof ApiError) {
      const known = error.details
        ?.map((d) => d.message)
        .find((m): m is (typeof KNOWN_PROBLEMS)[number] =>
          (KNOWN_PROBLEMS as readonly string[]).includes(m),
        );
      if (known) return t(`availability.problems.${known}`);
      if (error.status === 403) return t('availability.forbidden');
      return error.message;
    }
    return t('errors.saveFailed');
  };
}

type InputFieldProps = {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  required?: boolean;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled input whose change hands over the new text. */
function InputField({
  id,
  label,
  value,
  onValue,
  hint,
  required,
  className,
  ...input
}: InputFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} required={required} className={className}>
      {(control) => (
        <Input {...control} {...input} value={value} onChange={(e) => onValue(e.target.value)} />
      )}
    </FormField>
  );
}

/** A labelled native select of `options` ([value, text]). */
function ChoiceField<T extends string>({
  id,
  label,
  value,
  options,
  onValue,
  className,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onValue: (value: T) => void;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} className={className}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onValue(e.target.value as T)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

function weekdayName(weekday: number, lang: string) {
  // 2024-01-01 was a Monday
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

function WeekEditor({
  specialistId,
  availability,
}: {
  specialistId: string;
  availability: Availability;
}) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage ?? 'en';
  const [form, setForm] = useState<WeekForm>(() => toWeekForm(availability.hours));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWeeklyHours(specialistId);
  const saveError = useSaveError();
  const problems = rangeProblems(form.ranges);
  const modalities = APPOINTMENT_MODALITIES.map((m) => [m, t(`modality.${m}`)] as const);
  const zones = timeZones(form.timeZone);

  const update = (key: string, patch: Partial<HoursRange>) =>
    setForm((f) => ({
      ...f,
      ranges: f.ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)),
    }));
  const add = (weekday: number) =>
    setForm((f) => ({ ...f, ranges: [...f.ranges, nextRange(f.ranges, weekday)] }));
  const remove = (key: string) =>
    setForm((f) => ({ ...f, ranges: f.ranges.filter((r) => r.key !== key) }));

  return (
    <form
      aria-labelledby="weekly-hours-title"
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (problems.size > 0) {
          setError(t('availability.fixRanges'));
          return;
        }
        setError(null);
        save.mutate(toWeeklyInput(form), {
          onSuccess: (data) => {
            setForm(toWeekForm(data.hours, form.timeZone));
            toast.success(t('availability.saved'));
          },
          onError: (e) => setError(saveError(e)),
        });
      }}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="weekly-hours-title" className="text-lg font-semibold text-slate-900">
          {t('availability.weekly')}
        </h2>
        <FormField id="hours-zone" label={t('availability.timeZone')} className="w-full sm:w-72">
          {(control) => (
            <Select
              {...control}
              value={form.timeZone}
              onChange={(e) => setForm((f) => ({ ...f, timeZone: e.target.value }))}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ul className="flex flex-col divide-y divide-slate-100">
        {WEEKDAYS.map((day) => {
          const name = weekdayName(day, lang);
          const ranges = form.ranges
            .filter((r) => r.weekday === day)
            .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
          return (
            <li key={day} className="py-3">
              <fieldset className="flex flex-col gap-2" data-testid={`weekday-${day}`}>
                <legend className="text-sm font-semibold text-slate-900 capitalize">{name}</legend>
                {ranges.length === 0 ? (
                  <p className="text-sm text-slate-600">{t('availability.dayOff')}</p>
                ) : null}
                {ranges.map((r, i) => {
                  const problem = problems.get(r.key);
                  const label = t('availability.rangeLabel', { day: name, n: i + 1 });
                  const errorId = `${r.key}-problem`;
                  const invalid = problem
                    ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
                    : {};
                  return (
                    <div
                      key={r.key}
                      role="group"
                      aria-label={label}
                      className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_8rem_10rem_1fr_auto] sm:items-end"
                    >
                      <InputField
                        id={`${r.key}-start`}
                        label={t('availability.from')}
                        type="time"
                        step={300}
                        value={r.start}
                        {...invalid}
                        onValue={(start) => update(r.key, { start })}
                      />
                      <InputField
                        id={`${r.key}-end`}
                        label={t('availability.to')}
                        type="time"
                        step={300}
                        value={r.end}
                        {...invalid}
                        onValue={(end) => update(r.key, { end })}
                      />
                      <ChoiceField
                        id={`${r.key}-modality`}
                        label={t('availability.modality')}
                        value={r.modality}
                        options={modalities}
                        onValue={(modality) => update(r.key, { modality })}
                      />
                      <InputField
                        id={`${r.key}-location`}
                        label={t('availability.location')}
                        maxLength={200}
                        value={r.location}
                        onValue={(location) => update(r.key, { location })}
                      />
                      <Button
                        type="button"
                        variant="dangerGhost"
                        className="col-span-2 justify-self-start sm:col-span-1"
                        aria-label={t('availability.removeRange', { range: label })}
                        onClick={() => remove(r.key)}
                      >
                        {t('availability.remove')}
                      </Button>
                      {problem ? (
                        <p id={errorId} className="col-span-full text-sm text-red-700">
                          {t(`availability.problems.${problem}`)}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
                <div>
                  <Button type="button" variant="secondary" size="sm" onClick={() => add(day)}>
                    {t('availability.addRange', { day: name })}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('availability.save')}
        </Button>
      </div>
    </form>
  );
}

function formatException(e: AvailabilityException, lang: string) {
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: e.timeZone });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone: e.timeZone });
  const start = new Date(e.startsAt);
  // the end is exclusive: a whole-day absence ends at the next midnight
  const end = new Date(Date.parse(e.endsAt) - 1);
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? `${day.format(start)} ${time.format(start)}–${time.format(new Date(e.endsAt))}`
    : `${day.format(start)} – ${day.format(end)}`;
}

type ExceptionDraft = {
  kind: AvailabilityExceptionKind;
  date: string;
  untilDate: string;
  start: string;
  end: string;
  modality: AppointmentModality;
  note: string;
};

function ExceptionsEditor({
  specialistId,
  availability,
  timeZone,
}: {
  specialistId: string;
  availability: Availability;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage ?? 'en';
  const empty: ExceptionDraft = {
    kind: 'absence',
    date: '',
    untilDate: '',
    start: '',
    end: '',
    modality: 'in_person',
    note: '',
  };
  const [draft, setDraft] = useState<ExceptionDraft>(empty);
  const [error, setError] = useState<string | null>(null);
  const add = useAddException(specialistId);
  const remove = useRemoveException(specialistId);
  const saveError = useSaveError();
  const modalities = APPOINTMENT_MODALITIES.map((m) => [m, t(`modality.${m}`)] as const);
  const upcoming = availability.exceptions.filter((e) => Date.parse(e.endsAt) > Date.now());

  const check = (): string | null => {
    if (!draft.date) return t('availability.problems.date_required');
    if (draft.untilDate && draft.untilDate < draft.date)
      return t('availability.problems.end_before_start');
    if (Boolean(draft.start) !== Boolean(draft.end))
      return t('availability.problems.start_and_end_together');
    if (draft.kind === 'extra' && !draft.start)
      return t('availability.problems.extra_hours_need_times');
    if (draft.start && draft.end && draft.end <= draft.start)
      return t('availability.problems.end_before_start');
    return null;
  };

  return (
    <section
      aria-labelledby="exceptions-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="exceptions-title" className="text-lg font-semibold text-slate-900">
        {t('availability.exceptions')}
      </h2>
      {upcoming.length === 0 ? (
        <p className="text-sm text-slate-600">{t('availability.noExceptions')}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100"
          aria-label={t('availability.exceptions')}
        >
          {upcoming.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="exception"
            >
              <div className="text-sm">
                <span className="font-medium text-slate-900">
                  {t(`availability.kinds.${e.kind}`)}
                </span>{' '}
                <span className="text-slate-700">{formatException(e, lang)}</span>
                {e.note ? <span className="text-slate-600"> · {e.note}</span> : null}
              </div>
              <Button
                type="button"
                variant="dangerGhost"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('availability.removeException', {
                  what: `${t(`availability.kinds.${e.kind}`)} ${formatException(e, lang)}`,
                })}
                onClick={() =>
                  remove.mutate(e.id, {
                    onSuccess: () => toast.success(t('availability.exceptionRemoved')),
                    onError: (err) => setError(saveError(err)),
                  })
                }
              >
                {t('availability.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        aria-labelledby="exception-form-title"
        className="flex flex-col gap-3 border-t border-slate-100 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          const problem = check();
          if (problem) {
            setError(problem);
            return;
          }
          setError(null);
          add.mutate(
            {
              kind: draft.kind,
              date: draft.date,
              ...(draft.kind === 'absence' && draft.untilDate
                ? { untilDate: draft.untilDate }
                : {}),
              ...(draft.start ? { start: draft.start, end: draft.end } : {}),
              ...(draft.kind === 'extra' ? { modality: draft.modality } : {}),
              ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
              timeZone,
            },
            {
              onSuccess: () => {
                setDraft(empty);
                toast.success(t('availability.exceptionAdded'));
              },
              onError: (e) => setError(saveError(e)),
            },
          );
        }}
      >
        <h3 id="exception-form-title" className="text-base font-semibold text-slate-900">
          {t('availability.addException')}
        </h3>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <ChoiceField
            id="exception-kind"
            label={t('availability.kind')}
            className="col-span-2 sm:col-span-1"
            value={draft.kind}
            options={AVAILABILITY_EXCEPTION_KINDS.map(
              (k) => [k, t(`availability.kinds.${k}`)] as const,
            )}
            onValue={(kind) => setDraft({ ...draft, kind })}
          />
          <InputField
            id="exception-date"
            label={t('availability.date')}
            required
            type="date"
            value={draft.date}
            onValue={(date) => setDraft({ ...draft, date })}
          />
          {draft.kind === 'absence' ? (
            <InputField
              id="exception-until"
              label={t('availability.untilDate')}
              hint={t('availability.untilHint')}
              type="date"
              min={draft.date || undefined}
              value={draft.untilDate}
              onValue={(untilDate) => setDraft({ ...draft, untilDate })}
            />
          ) : (
            <ChoiceField
              id="exception-modality"
              label={t('availability.modality')}
              value={draft.modality}
              options={modalities}
              onValue={(modality) => setDraft({ ...draft, modality })}
            />
          )}
          <InputField
            id="exception-start"
            label={t('availability.from')}
            hint={draft.kind === 'absence' ? t('availability.wholeDayHint') : undefined}
            type="time"
            step={300}
            value={draft.start}
            onValue={(start) => setDraft({ ...draft, start })}
          />
          <InputField
            id="exception-end"
            label={t('availability.to')}
            type="time"
            step={300}
            value={draft.end}
            onValue={(end) => setDraft({ ...draft, end })}
          />
          <InputField
            id="exception-note"
            label={t('availability.note')}
            className="col-span-2 sm:col-span-3"
            maxLength={1000}
            value={draft.note}
            onValue={(note) => setDraft({ ...draft, note })}
          />
        </div>
        <p className="text-xs text-slate-600">
          {t('availability.zoneNote', { zone: timeZone.replaceAll('_', ' ') })}
        </p>
        <div>
          <Button type="submit" disabled={add.isPending}>
            {t('availability.addException')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function AvailabilityEditor({ viewerId, role }: { viewerId: string | null; role: Role }) {
  const { t } = useTranslation('appointments');
  const specialists = useSpecialists();
  const isAdmin = role === 'admin';
  const ownIsBookable = specialists.data?.items.some((s) => s.id === viewerId) ?? false;
  const [chosen, setChosen] = useState<string>('');
  const specialistId =
    chosen ||
    (ownIsBookable && viewerId ? viewerId : isAdmin ? (specialists.data?.items[0]?.id ?? '') : '');
  const availability = useAvailability(specialistId);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('availability.title')} description={t('availability.description')} />
      {specialists.isPending ? <Spinner /> : null}
      {isAdmin && specialists.data ? (
        <FormField id="availability-specialist" label={t('fields.specialist')} className="max-w-sm">
          {(control) => (
            <Select {...control} value={specialistId} onChange={(e) => setChosen(e.target.value)}>
              {specialists.data.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {!isAdmin && specialists.data && !ownIsBookable ? (
        <Alert>{t('availability.notBookable')}</Alert>
      ) : null}
      {availability.isError ? <Alert tone="error">{t('availability.loadFailed')}</Alert> : null}
      {specialistId && availability.isPending ? <Spinner /> : null}
      {availability.data ? (
        <>
          <WeekEditor
            key={`week-${specialistId}`}
            specialistId={specialistId}
            availability={availability.data}
          />
          <ExceptionsEditor
            key={`exceptions-${specialistId}`}
            specialistId={specialistId}
            availability={availability.data}
            timeZone={availability.data.hours[0]?.timeZone ?? 'Europe/Madrid'}
          />
        </>
      ) : null}
    </div>
  );
}
