/**
 * The reminder above every signed-in page while the user's role requires a second factor they have
 * not set up yet (ADR 0038): by when, and a link to /settings. Not shown on /settings itself (its
 * two-step card says it), nor once the time is over (the route guard then keeps the user there).
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ENROL_PATH } from '../../../lib/step-up';
import { useViewer } from '../api/get-viewer';

export function EnrolNotice() {
  const { t, i18n } = useTranslation();
  const { me } = useViewer();
  const { pathname } = useLocation();
  const enrolBy = me?.mfa.enrolBy;
  if (!enrolBy || me.mfa.enrolmentNeeded || pathname === ENROL_PATH) return null;
  return (
    <Alert tone="warning" className="mb-6" data-testid="enrol-notice">
      {t('settings.mfa.enrolBy', {
        date: new Date(enrolBy).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
      })}{' '}
      <Link className="font-medium underline" to={`${ENROL_PATH}#two-step`}>
        {t('settings.mfa.enrolLink')}
      </Link>
    </Alert>
  );
}
