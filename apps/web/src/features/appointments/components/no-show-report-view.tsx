/**
 * /appointments/no-shows (administrators, ADR 0021): no-shows per month and specialist with the
 * visits that were due, the patients who missed visits (each shown is audited by the server), and
 * the clinic's reminder hours.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAppointmentSettings } from '../api/get-reference';
import { useNoShowReport, useSaveReminderHours } from '../api/no-shows';
import { lastMonths, parseHours } from '../lib/report-range';

function ReminderHoursForm({ initial }: { initial: number[] }) {
  const { t } = useTranslation('appointments');
  const [text, setText] = useState(initial.join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReminderHours();
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const hours = parseHours(text);
        if (!hours) {
          setError(t('noShows.settings.invalid'));
          return;
        }
        setError(null);
        save.mutate(hours, {
          onSuccess: () => toast.success(t('noShows.settings.saved')),
          onError: (e) =>
            setError(e instanceof ApiError ? e.message : t('noShows.settings.invalid')),
        });
      }}
    >
      <FormField
        id="reminder-hours"
        label={t('noShows.settings.label')}
        hint={t('noShows.settings.hint')}
        error={error ?? undefined}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {t('noShows.settings.save')}
      </Button>
    </form>
  );
}

export function NoShowReportView() {
  const { t } = useTranslation('appointments');
  const [range, setRange] = useState(() => lastMonths(6));
  const report = useNoShowReport(range.from, range.to);
  const settings = useAppointmentSettings();
  const monthName = (month: string, lang: string) =>
    new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T12:00:00Z`),
    );
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('noShows.title')} description={t('noShows.description')} />
      <section aria-labelledby="reminder-settings" className="flex flex-col gap-2">
        <h2 id="reminder-settings" className="text-lg font-semibold text-slate-900">
          {t('noShows.settings.title')}
        </h2>
        {settings.data ? (
          <ReminderHoursForm
            key={settings.data.reminderHours.join(',')}
            initial={settings.data.reminderHours}
          />
        ) : (
          <Spinner />
        )}
      </section>
      <section aria-labelledby="no-show-range" className="flex flex-col gap-3">
        <h2 id="no-show-range" className="text-lg font-semibold text-slate-900">
          {t('noShows.byMonth')}
        </h2>
        <div className="flex flex-wrap gap-3">
          <FormField id="no-show-from" label={t('noShows.from')}>
            {(control) => (
              <Input
                {...control}
                type="month"
                value={range.from}
                max={range.to}
                onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
              />
            )}
          </FormField>
          <FormField id="no-show-to" label={t('noShows.to')}>
            {(control) => (
              <Input
                {...control}
                type="month"
                value={range.to}
                min={range.from}
                onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
              />
            )}
          </FormField>
        </div>
        {report.isError ? (
          <Alert tone="error">
            {report.error instanceof ApiError ? report.error.message : t('noShows.loadFailed')}
          </Alert>
        ) : !report.data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t('loading')}
          </p>
        ) : report.data.rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noShows.empty')}</p>
        ) : (
          <div
            // a narrow screen scrolls the table sideways: focusable to scroll it with the keyboard
            tabIndex={0}
            role="region"
            aria-labelledby="no-show-range"
            className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          >
            <table className="w-full text-left text-sm" data-testid="no-show-months">
              <caption className="sr-only">{t('noShows.byMonth')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('noShows.month')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('fields.specialist')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('noShows.noShows')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('noShows.visits')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('noShows.rate')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {report.data.rows.map((r) => (
                  <tr key={`${r.month}-${r.specialist.id}`}>
                    <td className="px-3 py-2 capitalize">{monthName(r.month, lang)}</td>
                    <td className="px-3 py-2">{r.specialist.name}</td>
                    <td className="px-3 py-2 text-right font-medium">{r.noShows}</td>
                    <td className="px-3 py-2 text-right">{r.appointments}</td>
                    <td className="px-3 py-2 text-right">
                      {new Intl.NumberFormat(lang, { style: 'percent' }).format(
                        r.appointments ? r.noShows / r.appointments : 0,
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="no-show-patients" className="flex flex-col gap-3">
        <h2 id="no-show-patients" className="text-lg font-semibold text-slate-900">
          {t('noShows.patients')}
        </h2>
        {report.data && report.data.patients.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noShows.noPatients')}</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            data-testid="no-show-patients"
          >
            {(report.data?.patients ?? []).map((p) => (
              <li
                key={p.patient.id}
                className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
              >
                <Link
                  className="font-medium text-teal-800 underline"
                  to={paths.patient.href(p.patient.id)}
                >
                  {p.patient.name}
                </Link>
                <span className="sm:ml-auto">
                  <ColourBadge colour="red">{t('noShows.count', { count: p.noShows })}</ColourBadge>
                </span>
                <span className="text-slate-600">{t('noShows.total', { count: p.total })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
