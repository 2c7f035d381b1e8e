import type { Appointment, SeriesScope, Slot } from '@painlab/shared/appointments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useRebookAppointment, useRescheduleAppointment } from '../api/save-appointment';
import { addDays, todayIn, zonedParts } from '../lib/zoned';
import { useFailureMessage } from './appointment-actions';
import { SeriesScopeField } from './series-scope';
import { SlotPicker } from './slot-picker';

/**
 * A free slot of the appointment's type with its specialist, for "book the next visit" (a week
 * later by default) or "move" (from the same day).
 */
export function RebookForm({
  appointment: a,
  mode,
  onDone,
}: {
  appointment: Appointment;
  mode: 'rebook' | 'move';
  onDone: () => void;
}) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const rebook = useRebookAppointment();
  const move = useRescheduleAppointment();
  const pending = rebook.isPending || move.isPending;
  const failure = useFailureMessage();
  const [from, setFrom] = useState(() => {
    const next = addDays(zonedParts(a.startsAt, a.timeZone).date, mode === 'rebook' ? 7 : 0);
    const today = todayIn(a.timeZone);
    return next < today ? today : next;
  });
  const [slot, setSlot] = useState<Slot | null>(null);
  const [scope, setScope] = useState<SeriesScope>('one');

  async function submit() {
    if (!slot) return;
    try {
      if (mode === 'rebook') {
        await rebook.mutateAsync({ id: a.id, startsAt: slot.startsAt });
        toast.success(t('toast.rebooked', { name: a.patient.name }));
      } else {
        await move.mutateAsync({
          id: a.id,
          startsAt: slot.startsAt,
          version: a.version,
          ...(scope !== 'one' ? { scope } : {}),
        });
        toast.success(scope === 'one' ? t('toast.moved') : t('series.movedMany'));
      }
      onDone();
    } catch (error) {
      toast.error(failure(error));
      setSlot(null);
    }
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {mode === 'rebook' ? t('rebook.title') : t('move.title')}
      </h3>
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
      <SlotPicker
        name={`${id}-slot`}
        specialistId={a.specialist.id}
        typeId={a.type.id}
        from={from}
        value={slot?.startsAt ?? null}
        onChange={setSlot}
      />
      {mode === 'move' && a.series ? (
        <SeriesScopeField value={scope} onChange={setScope} disabled={pending} />
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!slot || pending}>
          {mode === 'rebook' ? t('rebook.submit') : t('move.submit')}
        </Button>
      </div>
    </form>
  );
}
