/** /settings: which notices the user wants, per type and channel (in-app, e-mail, SMS). */
import {
  PREFERENCE_CHANNELS,
  PREFERENCE_TYPES,
  type NotificationPreferences,
} from '@painlab/shared/dashboard-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { usePreferences, useSavePreferences } from '../api/notification-preferences';

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const [value, setValue] = useState(initial);
  const save = useSavePreferences();
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value, {
          onSuccess: () => toast.success(t('preferences.saved')),
          onError: () => toast.error(t('preferences.failed')),
        });
      }}
    >
      <div>
        <table className="w-full text-left text-sm" data-preferences>
          <caption className="sr-only">{t('preferences.title')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('preferences.type')}
              </th>
              {PREFERENCE_CHANNELS.map((c) => (
                <th key={c} scope="col" className="px-2 py-2 text-center font-medium">
                  {t(`preferences.channels.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PREFERENCE_TYPES.map((type) => (
              <tr key={type} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {t(`preferences.types.${type}`)}
                </th>
                {PREFERENCE_CHANNELS.map((channel) => (
                  <td key={channel} className="px-2 py-1 text-center">
                    <label className="inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-teal-700"
                        name={`${type}.${channel}`}
                        checked={value[type][channel]}
                        onChange={(e) =>
                          setValue({
                            ...value,
                            [type]: { ...value[type], [channel]: e.target.checked },
                          })
                        }
                      />
                      <span className="sr-only">
                        {t('preferences.cell', {
                          channel: t(`preferences.channels.${channel}`),
                          type: t(`preferences.types.${type}`),
                        })}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t('preferences.smsHelp')}</p>
      <Button type="submit" className="mt-4" disabled={!dirty || save.isPending}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}

export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <PreferencesForm initial={preferences.data} />
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t('preferences.loadFailed')}
          </p>
        ) : (
          <Skeleton shape="panel" className="h-40" />
        )}
      </CardContent>
    </Card>
  );
}
