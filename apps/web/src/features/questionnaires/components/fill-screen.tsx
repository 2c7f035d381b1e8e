/**
 * `/questionnaires/:id` (signed in): the patient fills their own assignment; staff enter one from
 * paper on the patient's behalf.
 */
import { RotateCw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { signedInTransport, useFill } from '../api/questionnaires-api';
import { QuestionnaireFiller } from './questionnaire-filler';

/** A state without the questionnaire: the page's title above it. */
function Titled({ children }: { children: ReactNode }) {
  const { t } = useTranslation('questionnaires');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('title')} />
      {children}
    </div>
  );
}

export function FillScreen({ id, onBehalf }: { id: string; onBehalf: boolean }) {
  const { t } = useTranslation('questionnaires');
  const fill = useFill(id);
  const transport = useMemo(() => signedInTransport(id), [id]);
  if (fill.isPending)
    return (
      <Titled>
        <div aria-busy="true">
          <span role="status" className="sr-only">
            {t('fill.loading')}
          </span>
          <Skeleton shape="card" className="h-64" />
        </div>
      </Titled>
    );
  if (fill.isError) {
    const notFound = fill.error instanceof ApiError && [404, 403].includes(fill.error.status);
    return (
      <Titled>
        <Alert tone="error">
          <p>{notFound ? t('fill.notFound') : t('fill.loadFailed')}</p>
          {!notFound && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => void fill.refetch()}
            >
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              {t('results.retry')}
            </Button>
          )}
        </Alert>
      </Titled>
    );
  }
  if (fill.data.assignment.status !== 'open')
    return (
      <Titled>
        <Alert tone="success">{t('fill.alreadySent')}</Alert>
      </Titled>
    );
  return (
    <QuestionnaireFiller
      assignment={fill.data.assignment}
      transport={transport}
      onBehalf={onBehalf}
    />
  );
}
