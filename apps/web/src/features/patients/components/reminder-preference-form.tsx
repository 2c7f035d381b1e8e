/** The chart's appointments tab: how the patient is reminded (channel, language), ADR 0021. */
import { REMINDER_CHANNELS, type ReminderPreference } from '@painlab/shared/reminders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EnumSelect } from '../../../components/ui/enum-select';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReminderPreference, useSaveReminderPreference } from '../api/reminder-preference';

const LANGUAGES = ['unknown', 'es', 'en'] as const;

function Form({ patientId, initial }: { patientId: string; initial: ReminderPreference }) {
  const { t } = useTranslation('patients');
  const [channel, setChannel] = useState(initial.channel);
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>(
    initial.language ?? 'unknown',
  );
  const save = useSaveReminderPreference(patientId);
  return (
    <form
      aria-labelledby="reminder-preference-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { channel, language: language === 'unknown' ? null : language, hours: initial.hours },
          {
            onSuccess: () => toast.success(t('chart.reminders.saved')),
            onError: (e) =>
              toast.error(e instanceof ApiError ? e.message : t('chart.reminders.failed')),
          },
        );
      }}
    >
      <h3 id="reminder-preference-title" className="text-sm font-semibold text-slate-900">
        {t('chart.reminders.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <FormField id="reminder-channel" label={t('chart.reminders.channel')}>
          {(control) => (
            <EnumSelect
              {...control}
              options={REMINDER_CHANNELS}
              labelOf={(v) => t(`chart.reminders.channels.${v}`)}
              value={channel}
              onChange={(e) => setChannel(e.target.value as ReminderPreference['channel'])}
            />
          )}
        </FormField>
        <FormField id="reminder-language" label={t('chart.reminders.language')}>
          {(control) => (
            <EnumSelect
              {...control}
              options={LANGUAGES}
              labelOf={(v) => t(`chart.reminders.languages.${v}`)}
              value={language}
              onChange={(e) => setLanguage(e.target.value as (typeof LANGUAGES)[number])}
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {t('chart.reminders.save')}
        </Button>
      </div>
    </form>
  );
}

export function ReminderPreferenceForm({ patientId }: { patientId: string }) {
  const preference = useReminderPreference(patientId);
  if (!preference.data) return null;
  return <Form patientId={patientId} initial={preference.data} />;
}
