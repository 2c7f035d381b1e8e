/**
 * `/cuestionario#<token>` (public): the link of a notice opens its one questionnaire without
 * signing in. The token is read from the fragment (never sent in a URL) and removed from the
 * address bar, so it is not left in the history or shared by copying the address.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { readLinkToken } from '../../../lib/link-token';
import { linkTransport, useOpenLink } from '../api/questionnaires-api';
import { QuestionnaireFiller } from './questionnaire-filler';

export function LinkFillScreen() {
  const { t } = useTranslation('questionnaires');
  const [token] = useState(readLinkToken);
  const open = useOpenLink(token);
  const transport = useMemo(() => (token ? linkTransport(token) : null), [token]);

  if (!token || !transport)
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={t('title')} />
        <Alert tone="error" data-testid="link-error">
          {t('link.missing')}
        </Alert>
      </div>
    );
  if (open.isPending)
    return (
      <div aria-busy="true" className="mx-auto max-w-3xl">
        <PageHeader title={t('title')} />
        <span role="status" className="sr-only">
          {t('fill.loading')}
        </span>
        <Skeleton shape="card" className="h-64" />
      </div>
    );
  if (open.isError)
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={t('title')} />
        <Alert tone="error" data-testid="link-error">
          {open.error instanceof ApiError ? open.error.message : t('fill.loadFailed')}
        </Alert>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="mx-auto w-full max-w-3xl text-sm text-slate-600">
        {t('link.for', { name: open.data.patientFirstName })}
      </p>
      <QuestionnaireFiller assignment={open.data.assignment} transport={transport} />
    </div>
  );
}
