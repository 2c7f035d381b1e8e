import { isPlaceholderEmail } from '@painlab/shared/account';
import type { MeResponse } from '@painlab/shared/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { PageHeader } from '../../../components/ui/page-header';
import { EmailChangeCard } from './email-change-card';
import { MfaCard } from './mfa-card';
import { PasskeysCard } from './passkeys-card';
import { ProfileCard } from './profile-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { SessionsCard } from './sessions-card';

/**
 * The signed-in user's own account, password, sessions and UI preferences. The password form
 * belongs to the auth feature: the route passes it in (`password`).
 */
export function SettingsView({
  me,
  title,
  password,
}: {
  me: MeResponse;
  title: string;
  password: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const ends = new Date(me.session.absoluteExpiresAt);
  const endsText = Number.isNaN(ends.getTime())
    ? '—'
    : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(ends);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} description={t('settings.description')} />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('settings.account')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium text-slate-500">{t('settings.name')}</dt>
              <dd className="text-slate-900">{me.user.name}</dd>
              <dt className="font-medium text-slate-500">{t('settings.email')}</dt>
              {isPlaceholderEmail(me.user.email) ? (
                <dd className="text-slate-600">{t('settings.noEmail')}</dd>
              ) : (
                <dd className="break-all text-slate-900">{me.user.email}</dd>
              )}
              <dt className="font-medium text-slate-500">{t('settings.role')}</dt>
              <dd className="text-slate-900">{t(`roleBadge.${me.role}`)}</dd>
              <dt className="font-medium text-slate-500">{t('settings.sessionEnds')}</dt>
              <dd className="text-slate-900">{endsText}</dd>
            </dl>
          </CardContent>
        </Card>
        <ProfileCard name={me.user.name} />
        <Card>
          <CardHeader>
            <CardTitle>{t('settings.password')}</CardTitle>
          </CardHeader>
          <CardContent>{password}</CardContent>
        </Card>
        <EmailChangeCard email={me.user.email} />
        <MfaCard me={me} />
        <PasskeysCard me={me} />
        <SessionsCard />
        <NotificationPreferencesCard />
        <Card>
          <CardHeader>
            <CardTitle>{t('settings.preferences')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <p className="text-sm font-medium text-slate-800">{t('language.label')}</p>
              <p className="text-sm text-slate-600">{t('settings.languageHelp')}</p>
            </div>
            <LanguageSwitch />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
