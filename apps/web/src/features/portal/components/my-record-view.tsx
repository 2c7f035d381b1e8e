import type { Patient } from '@painlab/shared/patients';
import { Eye, FileHeart, RotateCw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ColourBadge } from '../../../components/ui/colour-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../hooks/use-formatters';
import { statusColour } from '../../../lib/status-colours';
import { useMyRecord } from '../api/get-my-record';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Lines({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) return <span className="text-slate-600">{empty}</span>;
  return (
    <ul className="list-disc pl-5">
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

function Record({ record }: { record: Patient }) {
  const { t } = useTranslation(['portal', 'patients']);
  const format = useFormatters();
  const missing = <span className="text-slate-500">{t('record.notRecorded')}</span>;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="my-record">
      <Card title={t('record.about')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label={t('patients:fields.name')}>{record.name}</Item>
          <Item label={t('patients:fields.birthDate')}>
            {format.date(record.birthDate)} · {t('record.age', { age: record.age })}
          </Item>
          <Item label={t('patients:fields.gender')}>{t(`patients:enums.gender.${record.gender}`)}</Item>
          <Item label={t('patients:fields.contactNumber')}>{record.contactNumber ?? missing}</Item>
          <Item label={t('patients:fields.email')}>{record.email ?? missing}</Item>
        </dl>
      </Card>
      <Card title={t('record.care')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label={t('patients:fields.status')}>
            <ColourBadge colour={statusColour(record.status)}>{t(`patients:enums.status.${record.status}`)}</ColourBadge>
          </Item>
          <Item label={t('record.clinician')}>
            {record.assignedSpecialist?.name ?? <span className="text-slate-500">{t('record.notAssigned')}</span>}
          </Item>
          <Item label={t('patients:fields.nextAppointment')}>
            {record.nextAppointment ? format.dateTime(record.nextAppointment) : <span className="text-slate-500">{t('record.notScheduled')}</span>}
          </Item>
          <Item label={t('patients:fields.progress')}>
            {record.progress === null ? (
              <span className="text-slate-500">{t('record.noProgress')}</span>
            ) : (
              t('record.progressValue', { value: Math.round(record.progress) })
            )}
          </Item>
        </dl>
      </Card>
      <div className="lg:col-span-2">
        <Card title={t('record.clinical')}>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Item label={t('patients:fields.allergies')}>
              <Lines items={record.allergies} empty={t('record.noneRecorded')} />
            </Item>
            <Item label={t('patients:fields.currentMedications')}>
              <Lines items={record.currentMedications} empty={t('record.noneRecorded')} />
            </Item>
            <Item label={t('patients:fields.symptoms')}>
              <Lines items={record.symptoms} empty={t('record.noneRecorded')} />
            </Item>
            <Item label={t('patients:fields.medicalHistory')}>
              {record.medicalHistory ? (
                <span className="whitespace-pre-wrap">{record.medicalHistory}</span>
              ) : (
                <span className="text-slate-600">{t('record.noneRecorded')}</span>
              )}
            </Item>
          </dl>
        </Card>
      </div>
      <p className="text-xs text-slate-500 lg:col-span-2">{t('record.updated', { date: format.dateTime(record.updatedAt) })}</p>
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
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : record.isError ? (
        <Alert tone="error">
          <p>{t('record.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void record.refetch()}>
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
