import type { Appointment, Slot } from '@painlab/shared/appointments';
import { DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useMyAppointments } from '../api/get-my-appointments';
import { useSpecialists, useTypes } from '../api/get-reference';
import { useRequestAppointment } from '../api/save-appointment';
import { todayIn } from '../lib/zoned';
import { AppointmentActions, useFailureMessage } from './appointment-actions';
import { useAppointmentFormat } from './appointment-format';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { SlotPicker } from './slot-picker';

/**
 * /appointments-page: the signed-in patient's upcoming and past appointments, cancelling within the
 * clinic's notice, adding one to a calendar, and booking or requesting a free slot (by the clinic's
 * setting). An account without a patient record is told so.
 */
export function MyAppointmentsView({ canView }: { canView: boolean }) {
  const { t } = useTranslation('appointments');
  const mine = useMyAppointments(canView);
  const [requesting, setRequesting] = useState(false);

  if (!canView)
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <Alert data-testid="appointments-not-for-account">{t('mine.notForAccount')}</Alert>
      </div>
    );

  if (mine.isPending)
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('loading')}
        </p>
      </div>
    );
  if (mine.isError)
    return (
      <div>
        <PageHeader title={t('mine.title')} />
        <Alert tone="error">{t('errors.loadFailed')}</Alert>
      </div>
    );
  const { upcoming, past, patientBooking, cancelNoticeHours } = mine.data;
  const canBook = patientBooking !== 'view';
  return (
    <div>
      <PageHeader
        title={t('mine.title')}
        description={t('mine.description', { hours: cancelNoticeHours })}
        actions={
          canBook && !requesting ? (
            <Button onClick={() => setRequesting(true)}>
              {patientBooking === 'self' ? t('mine.book') : t('mine.request')}
            </Button>
          ) : null
        }
      />
      {!canBook ? <Alert className="mb-4">{t('mine.viewOnly')}</Alert> : null}
      {requesting ? (
        <RequestForm mode={patientBooking} onDone={() => setRequesting(false)} />
      ) : null}
      <section aria-labelledby="upcoming-title" className="mb-8">
        <h2 id="upcoming-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('mine.upcoming')}
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">{t('mine.noUpcoming')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {upcoming.map((a) => (
              <AppointmentCard key={a.id} appointment={a} noticeHours={cancelNoticeHours} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('mine.past')}
        </h2>
        {past.length === 0 ? (
          <p className="text-sm text-slate-600">{t('mine.noPast')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {past.map((a) => (
              <AppointmentCard key={a.id} appointment={a} noticeHours={cancelNoticeHours} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AppointmentCard({
  appointment: a,
  noticeHours,
}: {
  appointment: Appointment;
  noticeHours: number;
}) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const format = useAppointmentFormat();
  const upcomingOpen = a.status === 'pending' || a.status === 'confirmed';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <article aria-labelledby={`appt-${a.id}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`appt-${a.id}`} className="font-medium text-slate-900">
            {a.type.name[lang]} · {a.specialist.name}
          </h3>
          <AppointmentStatusBadge status={a.status} />
        </div>
        <p className="mt-1 text-sm text-slate-700">{format.when(a.startsAt, a.timeZone)}</p>
        <p className="text-sm text-slate-600">
          {a.modality === 'telehealth' ? t('modality.telehealth') : (a.location ?? '')}
        </p>
        {a.series ? (
          <p className="text-sm text-slate-600">
            {t('series.position', { index: a.series.index, count: a.series.count })}
          </p>
        ) : null}
        {a.status === 'pending' ? (
          <p className="mt-1 text-sm text-amber-900">{t('mine.pendingNote')}</p>
        ) : null}
        {a.cancellation ? (
          <p className="mt-1 text-sm text-slate-600">
            {t('mine.cancelledBecause', { reason: a.cancellation.reason })}
          </p>
        ) : null}
        {upcomingOpen && !a.canCancel ? (
          <p className="mt-1 text-sm text-slate-600">
            {t('mine.callToCancel', { hours: noticeHours })}
          </p>
        ) : null}
        <div className="mt-3">
          <AppointmentActions appointment={a} />
        </div>
      </article>
    </li>
  );
}

function RequestForm({ mode, onDone }: { mode: 'self' | 'request' | 'view'; onDone: () => void }) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const id = useId();
  const types = useTypes();
  const specialists = useSpecialists();
  const request = useRequestAppointment();
  const failure = useFailureMessage();
  const [specialistId, setSpecialistId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [from, setFrom] = useState(() => todayIn(DEFAULT_TIME_ZONE));
  const [slot, setSlot] = useState<Slot | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const chosenSpecialist = specialistId || specialists.data?.items[0]?.id || '';
  const chosenType = typeId || types.data?.items[0]?.id || '';

  async function submit() {
    if (!slot) return setMissing(true);
    try {
      const created = await request.mutateAsync({
        specialistId: chosenSpecialist,
        typeId: chosenType,
        startsAt: slot.startsAt,
        note: note || null,
      });
      toast.success(created.status === 'pending' ? t('toast.requested') : t('toast.bookedSelf'));
      onDone();
    } catch (error) {
      toast.error(failure(error));
      setSlot(null);
    }
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mb-8 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {mode === 'self' ? t('mine.book') : t('mine.request')}
      </h2>
      {mode === 'request' ? (
        <p className="text-sm text-slate-700">{t('mine.requestNote')}</p>
      ) : null}
      {missing && !slot ? (
        <p role="alert" className="text-sm text-red-800">
          {t('book.slotRequired')}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('fields.specialist')}
          <Select
            value={chosenSpecialist}
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
            value={chosenType}
            onChange={(e) => {
              setTypeId(e.target.value);
              setSlot(null);
            }}
          >
            {(types.data?.items ?? []).map((ty) => (
              <option key={ty.id} value={ty.id}>
                {ty.name[lang]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('book.from')}
          <Input
            type="date"
            value={from}
            onChange={(e) => {
              if (e.target.value) setFrom(e.target.value);
              setSlot(null);
            }}
          />
        </label>
      </div>
      <SlotPicker
        name={`${id}-slot`}
        specialistId={chosenSpecialist}
        typeId={chosenType}
        from={from}
        value={slot?.startsAt ?? null}
        onChange={(s) => {
          setSlot(s);
          setMissing(false);
        }}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('mine.note')}
        <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone} disabled={request.isPending}>
          {t('book.close')}
        </Button>
        <Button
          type="submit"
          disabled={request.isPending}
          aria-busy={request.isPending || undefined}
        >
          {mode === 'self' ? t('mine.bookSubmit') : t('mine.requestSubmit')}
        </Button>
      </div>
    </form>
  );
}
