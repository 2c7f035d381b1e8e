import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useViewer } from '../../../../features/auth/api/get-viewer';
import { AgendaView } from '../../../../features/appointments/components/agenda-view';
import { WaitlistPanel } from '../../../../features/appointments/components/waitlist-panel';
import { paths } from '../../../../config/paths';
import { can } from '../../../../lib/authorization';

/** /appointments (staff): the clinic's agenda; a specialist starts on their own column. */
export function Component() {
  const { me, viewer } = useViewer();
  const { t } = useTranslation('appointments');
  return (
    <>
      <p className="mb-2 flex flex-wrap justify-end gap-4 text-sm">
        <Link className="text-teal-800 underline" to={paths.availability.href()}>
          {t('availability.link')}
        </Link>
        {viewer && can(viewer, 'appointments', 'delete') ? (
          <Link className="text-teal-800 underline" to={paths.noShowReport.href()}>
            {t('noShows.title')}
          </Link>
        ) : null}
      </p>
      <AgendaView viewerId={me?.user.id ?? null} />
      <div className="mt-8">
        <WaitlistPanel audience="staff" />
      </div>
    </>
  );
}
