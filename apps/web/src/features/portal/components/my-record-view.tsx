import type { Patient } from '@painlab/shared/patients';
import { Eye, FileHeart, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CareDetails } from '../../../components/patient-record/care-details';
import { RecordCard } from '../../../components/patient-record/record-card';
import { MissingValue, RecordItem } from '../../../components/patient-record/record-item';
import { RecordList, RecordText } from '../../../components/patient-record/record-text';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../hooks/use-formatters';
import { useMyRecord } from '../api/get-my-record';

function Record({ record }: { record: Patient }) {
  const { t } = useTranslation(['portal', 'patients']);
  const format = useFormatters();
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="my-record">
      <RecordCard title={t('record.about')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <RecordItem label={t('patients:fields.name')}>{record.name}</RecordItem>
          <RecordItem label={t('patients:fields.birthDate')}>
            {format.date(record.birthDate)} · {t('record.age', { age: record.age })}
          </RecordItem>
          <RecordItem label={t('patients:fields.gender')}>
            {t(`patients:enums.gender.${record.gender}`)}
          </RecordItem>
          <RecordItem label={t('patients:fields.contactNumber')}>
            {record.contactNumber ?? <MissingValue />}
          </RecordItem>
          <RecordItem label={t('patients:fields.email')}>
            {record.email ?? <MissingValue />}
          </RecordItem>
        </dl>
      </RecordCard>
      <RecordCard title={t('record.care')}>
        <CareDetails
          record={record}
          className="sm:grid-cols-2"
          specialistLabel={t('record.clinician')}
          notAssigned={t('record.notAssigned')}
          progress={(value) => t('record.progressValue', { value: Math.round(value) })}
        />
      </RecordCard>
      <div className="lg:col-span-2">
        <RecordCard title={t('record.clinical')}>
          <dl className="grid gap-5 sm:grid-cols-2">
            <RecordItem label={t('patients:fields.allergies')}>
              <RecordList items={record.allergies} />
            </RecordItem>
            <RecordItem label={t('patients:fields.currentMedications')}>
              <RecordList items={record.currentMedications} />
            </RecordItem>
            <RecordItem label={t('patients:fields.symptoms')}>
              <RecordList items={record.symptoms} />
            </RecordItem>
            <RecordItem label={t('patients:fields.medicalHistory')}>
              <RecordText text={record.medicalHistory} />
            </RecordItem>
          </dl>
        </RecordCard>
      </div>
      <p className="text-xs text-slate-500 lg:col-span-2">
        {t('record.updated', { date: format.dateTime(record.updatedAt) })}
      </p>
    </div>
  );
}

/** `/my-record`: the signed-in patient's own record, read-only; or why there is none. */
export function MyRecordView() {
  const { t } = useTranslation(['portal', 'nav']);
  const record = useMyRecord();

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('nav:routes.myRecord')}
        description={t('record.description')}
        actions={
          record.data ? (
            <Link to={paths.myRecordAccess.href()} className={buttonClasses('secondary')}>
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t('record.accessLink')}
            </Link>
          ) : undefined
        }
      />
      {record.isPending ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
          <span role="status" className="sr-only">
            {t('record.loading')}
          </span>
          <Skeleton shape="card" className="h-48" />
          <Skeleton shape="card" className="h-48" />
        </div>
      ) : record.isError ? (
        <Alert tone="error">
          <p>{t('record.loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void record.refetch()}
          >
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('record.retry')}
          </Button>
        </Alert>
      ) : record.data === null ? (
        <section
          aria-labelledby="no-record-title"
          className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
          data-testid="no-linked-record"
        >
          <FileHeart aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h2 id="no-record-title" className="mt-4 text-lg font-semibold text-slate-900">
            {t('record.noRecordTitle')}
          </h2>
          <p className="mx-auto mt-2 max-w-lg text-sm text-slate-600">{t('record.noRecordBody')}</p>
        </section>
      ) : (
        <Record record={record.data} />
      )}
    </div>
  );
}
