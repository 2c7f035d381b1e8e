import type { Slot } from '@painlab/shared/appointments';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useSlots } from '../api/get-slots';
import { addDays } from '../lib/zoned';
import { useAppointmentFormat } from './appointment-format';

/** The free slots of a type with a specialist for a week from `from`, as radio buttons by day. */
export function SlotPicker({
  specialistId,
  typeId,
  from,
  value,
  onChange,
  name,
}: {
  specialistId: string;
  typeId: string;
  from: string;
  value: string | null;
  onChange: (slot: Slot) => void;
  name: string;
}) {
  const { t } = useTranslation('appointments');
  const format = useAppointmentFormat();
  const slots = useSlots(specialistId, typeId, from, addDays(from, 6));
  if (!specialistId || !typeId)
    return <p className="text-sm text-slate-600">{t('book.pickFirst')}</p>;
  if (slots.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {t('book.loadingSlots')}
      </p>
    );
  if (slots.isError) return <p className="text-sm text-red-800">{t('errors.slotsFailed')}</p>;
  const items = slots.data.items;
  if (!items.length) return <p className="text-sm text-slate-600">{t('book.noSlots')}</p>;
  const byDay = new Map<string, Slot[]>();
  for (const s of items) {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: s.timeZone }).format(
      new Date(s.startsAt),
    );
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  return (
    // the previous search's times stay on screen, disabled, until the new ones arrive
    <fieldset
      disabled={slots.isPlaceholderData}
      aria-busy={slots.isPlaceholderData || undefined}
      className={cn('flex flex-col gap-3', slots.isPlaceholderData && 'opacity-70')}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('book.slot')}</legend>
      {[...byDay].map(([day, list]) => (
        <div key={day}>
          <p className="mb-1 text-xs font-semibold text-slate-600 uppercase">{format.day(day)}</p>
          <div className="flex flex-wrap gap-2">
            {list.map((s) => {
              const checked = value === s.startsAt;
              return (
                <label
                  key={s.startsAt}
                  className={cn(
                    'cursor-pointer rounded-md border px-3 py-1.5 text-sm focus-within:outline-2 focus-within:outline-teal-600',
                    checked
                      ? 'border-teal-700 bg-teal-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={name}
                    value={s.startsAt}
                    checked={checked}
                    onChange={() => onChange(s)}
                  />
                  {format.time(s.startsAt, s.timeZone)}
                  <span className="sr-only">
                    {' '}
                    {format.when(s.startsAt, s.timeZone)} · {t(`modality.${s.modality}`)}
                  </span>
                </label>
              );
            })}
          </div>
        </div>
      ))}
      <p className="text-xs text-slate-600">{t('book.zoneNote', { zone: items[0]!.timeZone })}</p>
    </fieldset>
  );
}
