import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnread } from '../api/unread';

/** The shell's bell: the unread notifications count, a link to /notifications. Small on purpose. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnread();
  const count = unread.data?.notifications ?? 0;
  const label = count ? t('shell.notificationsUnread', { count }) : t('shell.notificationsNone');
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {count ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
