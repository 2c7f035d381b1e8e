import { appointmentStatusColour } from '@painlab/shared/appointments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { ReminderPreferenceForm } from './reminder-preference-form';

/** The chart's appointments tab: every visit of the patient, latest first, with its status. */
export function AppointmentsPanel({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('patients');
  const lang = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const list = usePatientAppointments(patientId);
  if (list.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> {t('chart.appointments.loading')}
      </p>
    );
  if (list.isError) return <Alert tone="error">{t('chart.appointments.loadFailed')}</Alert>;
  const when = (iso: string, zone: string) =>
    new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    }).format(new Date(iso));
  const noShows = list.data.items.filter((a) => a.status === 'no_show').length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-800" data-testid="chart-no-shows">
          {noShows > 0 ? (
            <ColourBadge colour="red">
              {t('chart.appointments.noShows', { count: noShows })}
            </ColourBadge>
          ) : (
            t('chart.appointments.noShows', { count: noShows })
          )}
        </p>
        <Link className="text-sm text-teal-800 underline" to={paths.appointments.href()}>
          {t('chart.appointments.openAgenda')}
        </Link>
      </div>
      <ReminderPreferenceForm patientId={patientId} />
      {list.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('chart.appointments.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.data.items.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
            >
              <span className="font-medium text-slate-900">{when(a.startsAt, a.timeZone)}</span>
              <span className="text-slate-700">{a.type.name[lang]}</span>
              <span className="text-slate-600">{a.specialist.name}</span>
              {a.cancellation ? (
                <span className="text-slate-600">{a.cancellation.reason}</span>
              ) : null}
              <span className="sm:ml-auto">
                <ColourBadge colour={appointmentStatusColour(a.status)}>
                  {t(`chart.appointments.status.${a.status}`)}
                </ColourBadge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
